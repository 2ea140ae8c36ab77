package com.acme.config;

import java.net.Authenticator;
import java.net.PasswordAuthentication;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;

public class DataSourceConfig {

    // ruleid: java/hardcoded-credential
    private static final String DB_PASSWORD = "Pr0d-Passw0rd!";
    // ruleid: java/hardcoded-credential, java/hardcoded-provider-token
    private static final String STRIPE_API_KEY = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
    // ok: java/hardcoded-credential
    private static final String PASSWORD_PARAM = "password";
    // ok: java/hardcoded-credential
    private static final String API_KEY_HEADER = "X-Api-Key";
    // ok: java/hardcoded-credential
    private static final String PASSWORD_PROPERTY = "spring.datasource.password";
    // ok: java/hardcoded-credential
    private static final String PASSWORD_FILE_OPTION = "passwordFile";
    // ok: java/hardcoded-credential
    private static final String HASH_PASSWORDS = "hashPasswords";
    // ok: java/hardcoded-credential
    private static final String USERNAME_TOKEN = "{USERNAME}";

    @Value("${db.password}")
    private String injectedPassword;

    public Connection open(String url) throws SQLException {
        // ruleid: java/hardcoded-credential
        return DriverManager.getConnection(url, "inventory", "inv3nt0ry2021");
    }

    public void configure(org.apache.commons.dbcp2.BasicDataSource ds, String password) {
        ds.setUsername("inventory");
        // ruleid: java/hardcoded-credential
        ds.setPassword("S3cretDbPass");
        // ok: java/hardcoded-credential
        ds.setPassword(System.getenv("DB_PASSWORD"));
        // ok: java/hardcoded-credential
        ds.setPassword("");
        // ok: java/hardcoded-credential
        ds.setPassword(password);
    }

    public void proxyAuth() {
        Authenticator.setDefault(new Authenticator() {
            @Override
            protected PasswordAuthentication getPasswordAuthentication() {
                // ruleid: java/hardcoded-credential
                return new PasswordAuthentication("proxyuser", "pr0xyP4ss".toCharArray());
            }
        });
    }

    public void defaults() {
        // ruleid: java/hardcoded-credential
        char[] keystorePassword = "k3yst0re-pass".toCharArray();
        // ok: java/hardcoded-credential
        String password = "changeme";
        // ok: java/hardcoded-credential
        String tokenPlaceholder = "${API_TOKEN}";
        // ok: java/hardcoded-credential
        String invalidPasswordMessage = "Invalid password, please try again";
        // ok: java/hardcoded-credential
        String secret = "${JWT_SECRET}";
    }
}
