<?php

function legacy($data, $key, $publicKey)
{
    // ruleid: php/weak-cipher
    $a = openssl_encrypt($data, 'des-ede3-cbc', $key, 0, random_bytes(8));
    // ruleid: php/weak-cipher
    $b = openssl_encrypt($data, 'aes-256-ecb', $key);
    // ruleid: php/weak-cipher
    $c = openssl_encrypt($data, "bf-cbc", $key, OPENSSL_RAW_DATA, random_bytes(8));
    // ruleid: php/weak-cipher
    $d = openssl_encrypt($data, 'aes-256-cbc', $key, 0, '1234567890123456');
    // A bare "aes-128" is ECB.
    // ruleid: php/weak-cipher
    $e = openssl_encrypt($data, 'AES-128', $key);
    // ruleid: php/weak-cipher
    openssl_public_encrypt($data, $sealed, $publicKey);
    // ruleid: php/weak-cipher
    openssl_public_encrypt($data, $sealed, $publicKey, OPENSSL_PKCS1_PADDING);
    // ruleid: php/weak-cipher
    $f = mcrypt_encrypt(MCRYPT_RIJNDAEL_128, $key, $data, MCRYPT_MODE_ECB);
    return [$a, $b, $c, $d, $e, $f, $sealed];
}

function modern($data, $key, $publicKey, $iv)
{
    $nonce = random_bytes(12);
    // ok: php/weak-cipher
    $a = openssl_encrypt($data, 'aes-256-gcm', $key, OPENSSL_RAW_DATA, $nonce, $tag);
    // ok: php/weak-cipher
    $b = openssl_encrypt($data, 'aes-256-cbc', $key, 0, $iv);
    // ok: php/weak-cipher
    openssl_public_encrypt($data, $sealed, $publicKey, OPENSSL_PKCS1_OAEP_PADDING);
    // ok: php/weak-cipher
    $c = sodium_crypto_secretbox($data, $nonce, $key);
    // ok: php/weak-cipher
    $d = openssl_encrypt($data, 'chacha20-poly1305', $key, OPENSSL_RAW_DATA, $nonce, $tag);
    return [$a, $b, $c, $d, $sealed];
}
