package com.acme.clinic.service;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.lang3.RandomStringUtils;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.stereotype.Service;

/**
 * Self-service password reset: e-mails a link containing a one-time token.
 * Only the SHA-256 of the token is stored.
 */
@Service
public class PasswordResetService {

    private static final Duration TOKEN_LIFETIME = Duration.ofMinutes(30);

    private final JdbcTemplate jdbc;
    private final JavaMailSender mail;

    public PasswordResetService(JdbcTemplate jdbc, JavaMailSender mail) {
        this.jdbc = jdbc;
        this.mail = mail;
    }

    public void requestReset(String email) throws InterruptedException {
        // Constant-ish response time so the form cannot be used to probe accounts.
        long delayMs = 200 + ThreadLocalRandom.current().nextInt(300);
        Thread.sleep(delayMs);

        Long staffId = jdbc.query("SELECT id FROM staff WHERE email = ?",
            rs -> rs.next() ? rs.getLong(1) : null, email);
        if (staffId == null) {
            return;
        }
        String resetToken = RandomStringUtils.randomAlphanumeric(24);
        String requestId = UUID.randomUUID().toString();
        jdbc.update("INSERT INTO password_resets (request_id, staff_id, token_hash, expires_at) VALUES (?, ?, ?, ?)",
            requestId, staffId, sha256(resetToken), Instant.now().plus(TOKEN_LIFETIME));

        SimpleMailMessage msg = new SimpleMailMessage();
        msg.setTo(email);
        msg.setSubject("Clinic portal password reset");
        msg.setText("Use this link within 30 minutes: https://portal.acme-clinic.example/password-reset/"
            + requestId + "?token=" + resetToken);
        mail.send(msg);
    }

    public boolean verify(String requestId, String token) {
        Integer n = jdbc.queryForObject(
            "SELECT count(*) FROM password_resets WHERE request_id = ? AND token_hash = ? AND expires_at > now()",
            Integer.class, requestId, sha256(token));
        return n != null && n == 1;
    }

    static String sha256(String value) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(value.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
