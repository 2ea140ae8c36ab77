class HardcodedProviderToken {
    // ruleid: java/hardcoded-provider-token
    static final String GH = "ghp_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
    // ruleid: java/hardcoded-provider-token
    static final String AUTH = "Authorization: token gho_kNtaU4i5GpIpatEJc2vPjjeJeRvtQRxFAoCR";
    // ruleid: java/hardcoded-provider-token
    static final String PAT = "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";
    // ruleid: java/hardcoded-provider-token
    static final String AWS = "AKIAFI12L7M0UEY0Z6EH";
    // ruleid: java/hardcoded-provider-token
    static final String SLACK = "xoxb-944231607720-137562644683-aKZrNOUwcLN1rbsOzzPTAeUz";
    // ruleid: java/hardcoded-provider-token
    static final String OPENAI = "sk-proj-wTT2vNJBoPC4a7Wk7cRvgmlN9AJ1bXgJHkC3zntqffNdm4MZ";
    // ruleid: java/hardcoded-provider-token
    static final String PEM = "-----BEGIN RSA PRIVATE KEY-----";
    // ok: java/hardcoded-provider-token
    static final String DOCS_OK = "AKIAIOSFODNN7EXAMPLE";
    // ok: java/hardcoded-provider-token
    static final String PLACEHOLDER_OK = "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx";
    // ok: java/hardcoded-provider-token
    static final String PREFIX_OK = "ghp_";
    // ok: java/hardcoded-provider-token
    static final String SHORT_OK = "sk-test";
    // ok: java/hardcoded-provider-token
    static final String PUBLIC_OK = "-----BEGIN PUBLIC KEY-----";
    // ok: java/hardcoded-provider-token
    static final String PLAIN_OK = "hello world";
}
