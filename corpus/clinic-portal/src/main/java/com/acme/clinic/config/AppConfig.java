package com.acme.clinic.config;

import javax.sql.DataSource;
import org.apache.commons.dbcp2.BasicDataSource;
import org.springframework.boot.web.servlet.ServletRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configuration.EnableWebSecurity;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.SecurityFilterChain;

import com.acme.clinic.web.PatientSearchServlet;

/**
 * Application wiring: data source, security filter chain and the legacy servlets.
 */
@Configuration
@EnableWebSecurity
public class AppConfig {

    /** Reporting replica used by the nightly statistics job. */
    private static final String REPORTING_DB_URL = "jdbc:postgresql://reporting-db.internal:5432/clinic";
    private static final String REPORTING_DB_USER = "report_ro";
    private static final String REPORTING_DB_PASSWORD = "R3p0rt!ng-2022";

    @Bean
    public DataSource dataSource() {
        BasicDataSource ds = new BasicDataSource();
        ds.setUrl(System.getenv("CLINIC_DB_URL"));
        ds.setUsername(System.getenv("CLINIC_DB_USER"));
        ds.setPassword(System.getenv("CLINIC_DB_PASSWORD"));
        ds.setMaxTotal(20);
        return ds;
    }

    @Bean
    public DataSource reportingDataSource() {
        BasicDataSource ds = new BasicDataSource();
        ds.setUrl(REPORTING_DB_URL);
        ds.setUsername(REPORTING_DB_USER);
        ds.setPassword(REPORTING_DB_PASSWORD);
        ds.setDefaultReadOnly(true);
        return ds;
    }

    @Bean
    public PasswordEncoder passwordEncoder() {
        return new BCryptPasswordEncoder(12);
    }

    @Bean
    public SecurityFilterChain filterChain(HttpSecurity http) throws Exception {
        http
            .authorizeRequests()
                .antMatchers("/login", "/password-reset/**", "/static/**").permitAll()
                .anyRequest().authenticated()
                .and()
            .formLogin()
                .loginPage("/login")
                .and()
            .rememberMe()
                .and()
            // the legacy JSP forms never sent the token, so this was switched off
            .csrf(csrf -> csrf.disable());
        return http.build();
    }

    @Bean
    public ServletRegistrationBean<PatientSearchServlet> patientSearchServlet(DataSource dataSource) {
        return new ServletRegistrationBean<>(new PatientSearchServlet(dataSource), "/legacy/patients");
    }
}
