package tokens

// ruleid: go/hardcoded-provider-token
var gh = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR"
// ruleid: go/hardcoded-provider-token
var auth = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR"
// ruleid: go/hardcoded-provider-token
var pat = "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"
// ruleid: go/hardcoded-provider-token
var aws = "AKIAFI12L7M0UEY0Z6EH"
// ruleid: go/hardcoded-provider-token
var slack = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz"
// ruleid: go/hardcoded-provider-token
var openai = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ"
// ruleid: go/hardcoded-provider-token
var pem = "-----BEGIN RSA PRIVATE KEY-----"
// ok: go/hardcoded-provider-token
var docs_ok = "AKIAIOSFODNN7EXAMPLE"
// ok: go/hardcoded-provider-token
var placeholder_ok = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
// ok: go/hardcoded-provider-token
var prefix_ok = "ghp_"
// ok: go/hardcoded-provider-token
var short_ok = "sk-test"
// ok: go/hardcoded-provider-token
var public_ok = "-----BEGIN PUBLIC KEY-----"
// ok: go/hardcoded-provider-token
var plain_ok = "hello world"
