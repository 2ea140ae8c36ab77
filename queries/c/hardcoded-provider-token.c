// ruleid: c/hardcoded-provider-token
static const char *gh = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: c/hardcoded-provider-token
static const char *auth = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: c/hardcoded-provider-token
static const char *pat = "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";
// ruleid: c/hardcoded-provider-token
static const char *aws = "AKIAFI12L7M0UEY0Z6EH";
// ruleid: c/hardcoded-provider-token
static const char *slack = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz";
// ruleid: c/hardcoded-provider-token
static const char *openai = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ";
// ruleid: c/hardcoded-provider-token
static const char *pem = "-----BEGIN RSA PRIVATE KEY-----";
// ok: c/hardcoded-provider-token
static const char *docs_ok = "AKIAIOSFODNN7EXAMPLE";
// ok: c/hardcoded-provider-token
static const char *placeholder_ok = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
// ok: c/hardcoded-provider-token
static const char *prefix_ok = "ghp_";
// ok: c/hardcoded-provider-token
static const char *short_ok = "sk-test";
// ok: c/hardcoded-provider-token
static const char *public_ok = "-----BEGIN PUBLIC KEY-----";
// ok: c/hardcoded-provider-token
static const char *plain_ok = "hello world";
