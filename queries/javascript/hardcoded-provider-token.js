// ruleid: javascript/hardcoded-provider-token
const gh = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: javascript/hardcoded-provider-token
const auth = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
// ruleid: javascript/hardcoded-provider-token
const pat = "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";
// ruleid: javascript/hardcoded-provider-token
const aws = "AKIAFI12L7M0UEY0Z6EH";
// ruleid: javascript/hardcoded-provider-token
const slack = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz";
// ruleid: javascript/hardcoded-provider-token
const openai = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ";
// ruleid: javascript/hardcoded-provider-token
const pem = "-----BEGIN RSA PRIVATE KEY-----";
// ok: javascript/hardcoded-provider-token
const docs_ok = "AKIAIOSFODNN7EXAMPLE";
// ok: javascript/hardcoded-provider-token
const placeholder_ok = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
// ok: javascript/hardcoded-provider-token
const prefix_ok = "ghp_";
// ok: javascript/hardcoded-provider-token
const short_ok = "sk-test";
// ok: javascript/hardcoded-provider-token
const public_ok = "-----BEGIN PUBLIC KEY-----";
// ok: javascript/hardcoded-provider-token
const plain_ok = "hello world";
