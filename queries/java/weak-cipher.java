package com.acme.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

public class CardVault {

    public byte[] encryptPan(byte[] key, byte[] pan) throws Exception {
        // No mode: java/cipher-default-mode reports it.
        // ruleid: java/cipher-default-mode
        Cipher cipher = Cipher.getInstance("AES");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        return cipher.doFinal(pan);
    }

    public byte[] legacy(byte[] key, byte[] data) throws Exception {
        // ruleid: java/weak-cipher
        Cipher des = Cipher.getInstance("DESede/CBC/PKCS5Padding");
        // ruleid: java/weak-cipher
        Cipher ecb = javax.crypto.Cipher.getInstance("AES/ECB/PKCS5Padding");
        return ecb.doFinal(des.doFinal(data));
    }

    public byte[] modern(byte[] key, byte[] iv, byte[] data, String transformation) throws Exception {
        // ok: java/weak-cipher
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, iv));
        // ok: java/weak-cipher
        Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
        // ok: java/weak-cipher
        Cipher configured = Cipher.getInstance(transformation);
        // ok: java/weak-cipher
        Cipher cbc = Cipher.getInstance("AES/CBC/PKCS5Padding");
        return gcm.doFinal(data);
    }

    public void game() {
        // Another class named Cipher, not javax.crypto.Cipher.
        // ok: java/weak-cipher
        com.acme.game.Cipher.getInstance("DES");
    }
}
