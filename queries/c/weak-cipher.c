#include <openssl/des.h>
#include <openssl/evp.h>
#include <openssl/rc4.h>

struct cipher_table {
    const EVP_CIPHER *(*EVP_des_cbc)(void);
};

int encrypt_cookie(EVP_CIPHER_CTX *ctx, const unsigned char *key, const unsigned char *iv)
{
    // ruleid: c/weak-cipher
    return EVP_EncryptInit_ex(ctx, EVP_des_cbc(), NULL, key, iv);
}

int encrypt_blob(EVP_CIPHER_CTX *ctx, const unsigned char *key)
{
    // ruleid: c/weak-cipher
    return EVP_EncryptInit_ex(ctx, EVP_aes_128_ecb(), NULL, key, NULL);
}

void stream_obfuscate(RC4_KEY *rk, const unsigned char *key, int len)
{
    // ruleid: c/weak-cipher
    RC4_set_key(rk, len, key);
}

int encrypt_cookie_safe(EVP_CIPHER_CTX *ctx, const unsigned char *key, const unsigned char *iv,
                        struct cipher_table *t)
{
    // ok: c/weak-cipher
    EVP_EncryptInit_ex(ctx, EVP_aes_256_gcm(), NULL, key, iv);
    // ok: c/weak-cipher
    EVP_EncryptInit_ex(ctx, EVP_aes_128_cbc(), NULL, key, iv);
    // ok: c/weak-cipher
    EVP_EncryptInit_ex(ctx, EVP_chacha20_poly1305(), NULL, key, iv);
    // ok: c/weak-cipher
    return t->EVP_des_cbc() != NULL;
}
