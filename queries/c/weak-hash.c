#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>
#include <string.h>

struct digest_ops {
    int (*MD5)(const void *buf, size_t len, unsigned char *out);
};

void token_fingerprint(const char *token, unsigned char out[MD5_DIGEST_LENGTH])
{
    MD5_CTX ctx;
    // ruleid: c/weak-hash
    MD5_Init(&ctx);
    MD5_Update(&ctx, token, strlen(token));
    MD5_Final(out, &ctx);
}

void password_hash(const char *pw, unsigned char *out)
{
    // ruleid: c/weak-hash
    SHA1((const unsigned char *)pw, strlen(pw), out);
}

int sign_body(EVP_MD_CTX *mctx, EVP_PKEY *key)
{
    // ruleid: c/weak-hash
    return EVP_DigestSignInit(mctx, NULL, EVP_sha1(), NULL, key);
}

const EVP_MD *pick_digest(void)
{
    // ruleid: c/weak-hash
    return EVP_get_digestbyname("md5");
}

int sign_body_safe(EVP_MD_CTX *mctx, EVP_PKEY *key, const char *body, unsigned char *out,
                   struct digest_ops *ops)
{
    // ok: c/weak-hash
    SHA256((const unsigned char *)body, strlen(body), out);
    // ok: c/weak-hash
    const EVP_MD *md = EVP_get_digestbyname("sha256");
    // ok: c/weak-hash
    ops->MD5(body, strlen(body), out);
    // ok: c/weak-hash
    return EVP_DigestSignInit(mctx, NULL, md ? md : EVP_sha256(), NULL, key);
}
