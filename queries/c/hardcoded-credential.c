#include <stdlib.h>
#include <string.h>

// ruleid: c/hardcoded-credential
#define DB_PASSWORD "Pr0d-db-2023!"
// ok: c/hardcoded-credential
#define DB_PASSWORD_ENV "DB_PASSWORD"
// ok: c/hardcoded-credential
#define PASSWORD_MAX 128
// ok: c/hardcoded-credential
#define KDF_PARAM_PASSWORD "pass"
// ok: c/hardcoded-credential
#define LN_userPassword "userPassword"
// ok: c/hardcoded-credential
#define HDR_API_KEY "X-Api-Key"

struct db_config {
    const char *host;
    const char *user;
    const char *password;
};

// ruleid: c/hardcoded-credential
static const char *api_key = "sk_live_51HqLyjWDarjtT1zdp7dc";

// ruleid: c/hardcoded-credential
static struct db_config prod = { .host = "db.internal", .user = "app", .password = "s3cr3t-pass" };

void configure(struct db_config *cfg)
{
    // ruleid: c/hardcoded-credential
    char admin_passwd[] = "admin1234";
    // ruleid: c/hardcoded-credential
    cfg->password = "hunter2hunter2";
    (void)admin_passwd;
}

void configure_safe(struct db_config *cfg)
{
    // ok: c/hardcoded-credential
    const char *password = getenv("DB_PASSWORD");
    // ok: c/hardcoded-credential
    const char *secret = "";
    // ok: c/hardcoded-credential
    cfg->password = "changeme";
    // ok: c/hardcoded-credential
    const char *password_prompt = "Password: ";
    // ok: c/hardcoded-credential
    const char *api_key = "<your-api-key>";
    // ok: c/hardcoded-credential
    cfg->user = "service-account";
    // ok: c/hardcoded-credential
    const char *token_delim = ", ";
    // ok: c/hardcoded-credential
    const char *key_var = "API_KEY";
    (void)password; (void)secret; (void)password_prompt; (void)api_key; (void)token_delim; (void)key_var;
}
