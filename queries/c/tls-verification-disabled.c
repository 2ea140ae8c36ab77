#include <curl/curl.h>
#include <openssl/ssl.h>

SSL_CTX *make_client_ctx(void)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    // ruleid: c/tls-verification-disabled
    SSL_CTX_set_verify(ctx, SSL_VERIFY_NONE, NULL);
    return ctx;
}

void fetch_insecure(CURL *curl)
{
    // ruleid: c/tls-verification-disabled
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 0L);
    // ruleid: c/tls-verification-disabled
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 0);
}

SSL_CTX *make_client_ctx_safe(CURL *curl, int verify_mode)
{
    SSL_CTX *ctx = SSL_CTX_new(TLS_client_method());
    // ok: c/tls-verification-disabled
    SSL_CTX_set_verify(ctx, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, NULL);
    // ok: c/tls-verification-disabled
    SSL_CTX_set_verify(ctx, verify_mode, NULL);
    // ok: c/tls-verification-disabled
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    // ok: c/tls-verification-disabled
    curl_easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    // ok: c/tls-verification-disabled
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, 0L);
    return ctx;
}
