package com.acme.account;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.commons.lang3.RandomStringUtils;

public class PasswordResetService {

    private final SecureRandom secureRandom = new SecureRandom();
    private String resetToken;

    public String issueResetToken(User user) {
        // ruleid: java/insecure-random-secret
        String token = Long.toHexString(new Random().nextLong());
        // ruleid: java/insecure-random-secret
        user.setActivationCode(RandomStringUtils.randomAlphanumeric(12));
        // ruleid: java/insecure-random-secret
        user.setResetToken(Integer.toString(new Random().nextInt(1000000)));
        // ruleid: java/insecure-random-secret
        this.resetToken = String.valueOf(ThreadLocalRandom.current().nextInt(100000, 999999));
        return token;
    }

    public int sendOtp(User user) {
        // ruleid: java/insecure-random-secret
        int otp = (int) (Math.random() * 1000000);
        return otp;
    }

    public String newSessionId() {
        // ruleid: java/insecure-random-secret
        return Integer.toHexString(new Random().nextInt());
    }

    // --- safe look-alikes ---
    public String issueSecureToken(User user) {
        byte[] buf = new byte[32];
        secureRandom.nextBytes(buf);
        // ok: java/insecure-random-secret
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(buf);
        // ok: java/insecure-random-secret
        String sessionId = UUID.randomUUID().toString();
        // ok: java/insecure-random-secret
        long tokenRetryDelay = (long) (Math.random() * 500);
        // ok: java/insecure-random-secret
        int shard = new Random().nextInt(16);
        // ok: java/insecure-random-secret
        String nonce = Long.toHexString(secureRandom.nextLong());
        return token + sessionId + tokenRetryDelay + shard + nonce;
    }

    interface User {
        void setActivationCode(String code);

        void setResetToken(String token);
    }
}
