package com.acme.crypto;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

public class TokenBox {

    public byte[] seal(byte[] key, byte[] token) throws Exception {
        // ruleid: java/cipher-default-mode
        Cipher cipher = Cipher.getInstance("AES");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        // ruleid: java/cipher-default-mode
        Cipher wide = javax.crypto.Cipher.getInstance("AES_256");
        return wide.doFinal(cipher.doFinal(token));
    }

    public byte[] sealed(byte[] key, byte[] iv, byte[] token) throws Exception {
        // ok: java/cipher-default-mode
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        // ruleid: java/weak-cipher
        Cipher des = Cipher.getInstance("DES");
        // ok: java/cipher-default-mode
        Cipher rsa = Cipher.getInstance("RSA");
        return gcm.doFinal(des.doFinal(rsa.doFinal(token)));
    }
}
