package com.acme.auth;

import com.google.common.hash.Hashing;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import org.apache.commons.codec.digest.DigestUtils;

public class PasswordHasher {

    public byte[] legacyHash(String password) throws NoSuchAlgorithmException {
        // ruleid: java/weak-hash
        MessageDigest md = MessageDigest.getInstance("MD5");
        return md.digest(password.getBytes(StandardCharsets.UTF_8));
    }

    public String apiSignature(String payload) throws NoSuchAlgorithmException {
        // ruleid: java/weak-hash
        MessageDigest md = MessageDigest.getInstance("SHA-1");
        // ruleid: java/weak-hash
        String hex = DigestUtils.md5Hex(payload);
        // ruleid: java/weak-hash
        return hex + Hashing.sha1().hashString(payload, StandardCharsets.UTF_8);
    }

    public byte[] strong(String password, String algorithm) throws Exception {
        // ok: java/weak-hash
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        // ok: java/weak-hash
        MessageDigest configured = MessageDigest.getInstance(algorithm);
        // ok: java/weak-hash
        Mac mac = Mac.getInstance("HmacSHA1");
        // ok: java/weak-hash
        String digest = DigestUtils.sha256Hex(password);
        return sha256.digest(digest.getBytes(StandardCharsets.UTF_8));
    }

    public byte[] spelledInFull(byte[] data) throws Exception {
        // ruleid: java/weak-hash
        byte[] md5 = java.security.MessageDigest.getInstance("MD5").digest(data);
        // A class of the project that happens to be named MessageDigest.
        // ok: java/weak-hash
        com.acme.audit.MessageDigest.getInstance("MD5");
        return md5;
    }
}
