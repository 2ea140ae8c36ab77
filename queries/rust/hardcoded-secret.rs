use std::env;

// ruleid: rust/hardcoded-secret, rust/hardcoded-provider-token
const STRIPE_API_KEY: &str = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
// ruleid: rust/hardcoded-secret
static JWT_SECRET: &[u8] = b"k3y-for-signing-tokens";
// ok: rust/hardcoded-secret
const PASSWORD_ENV: &str = "APP_PASSWORD";
// ok: rust/hardcoded-secret
const API_KEY_HEADER: &str = "X-Api-Key";
// ok: rust/hardcoded-secret
const MAX_PASSWORD: usize = 128;
// ok: rust/hardcoded-secret
const FIELD_PASSWORD: &str = "userPassword";
// ruleid: rust/hardcoded-secret
const ADMIN_SECRET: &str = "supersecret123";

pub struct DbConfig {
    pub user: String,
    pub password: String,
}

pub fn default_config() -> DbConfig {
    DbConfig {
        user: "app".to_string(),
        // ruleid: rust/hardcoded-secret
        password: "Pr0d-Passw0rd!".to_string(),
    }
}

pub fn admin_login(cfg: &mut DbConfig) -> bool {
    // ruleid: rust/hardcoded-secret
    let admin_password = String::from("hunter2hunter2");
    // ruleid: rust/hardcoded-secret
    cfg.password = "s3cr3t-db".into();
    admin_password == cfg.password
}

pub fn config_from_env() -> DbConfig {
    // ok: rust/hardcoded-secret
    let password = env::var("DB_PASSWORD").unwrap_or_default();
    // ok: rust/hardcoded-secret
    let api_key = "";
    // ok: rust/hardcoded-secret
    let secret = "changeme";
    // ok: rust/hardcoded-secret
    let token = "Bearer";
    // ok: rust/hardcoded-secret
    let auth_token = "<your-token-here>";
    // ok: rust/hardcoded-secret
    let password_prompt = "Enter password: ";
    let _ = (api_key, secret, token, auth_token, password_prompt);
    DbConfig {
        // ok: rust/hardcoded-secret
        user: "app".to_string(),
        // ok: rust/hardcoded-secret
        password: env::var("DB_PASSWORD").unwrap_or_else(|_| String::new()),
    }
}
