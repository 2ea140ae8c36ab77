// ruleid: rust/hardcoded-provider-token
const GH: &str = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: rust/hardcoded-provider-token
const AUTH: &str = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: rust/hardcoded-provider-token
const PAT: &str = "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";
// ruleid: rust/hardcoded-provider-token
const AWS: &str = "AKIAFI12L7M0UEY0Z6EH";
// ruleid: rust/hardcoded-provider-token
const SLACK: &str = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz";
// ruleid: rust/hardcoded-provider-token
const OPENAI: &str = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ";
// ruleid: rust/hardcoded-provider-token
const PEM: &str = "-----BEGIN RSA PRIVATE KEY-----";
// ok: rust/hardcoded-provider-token
const DOCS_OK: &str = "AKIAIOSFODNN7EXAMPLE";
// ok: rust/hardcoded-provider-token
const PLACEHOLDER_OK: &str = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
// ok: rust/hardcoded-provider-token
const PREFIX_OK: &str = "ghp_";
// ok: rust/hardcoded-provider-token
const SHORT_OK: &str = "sk-test";
// ok: rust/hardcoded-provider-token
const PUBLIC_OK: &str = "-----BEGIN PUBLIC KEY-----";
// ok: rust/hardcoded-provider-token
const PLAIN_OK: &str = "hello world";
