# ruleid: ruby/hardcoded-provider-token
gh = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR"
# ruleid: ruby/hardcoded-provider-token
auth = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR"
# ruleid: ruby/hardcoded-provider-token
pat = "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"
# ruleid: ruby/hardcoded-provider-token
aws = "AKIAFI12L7M0UEY0Z6EH"
# ruleid: ruby/hardcoded-provider-token
slack = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz"
# ruleid: ruby/hardcoded-provider-token
openai = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ"
# ruleid: ruby/hardcoded-provider-token
pem = "-----BEGIN RSA PRIVATE KEY-----"
# ok: ruby/hardcoded-provider-token
docs_ok = "AKIAIOSFODNN7EXAMPLE"
# ok: ruby/hardcoded-provider-token
placeholder_ok = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
# ok: ruby/hardcoded-provider-token
prefix_ok = "ghp_"
# ok: ruby/hardcoded-provider-token
short_ok = "sk-test"
# ok: ruby/hardcoded-provider-token
public_ok = "-----BEGIN PUBLIC KEY-----"
# ok: ruby/hardcoded-provider-token
plain_ok = "hello world"
