use std::sync::Arc;

use openssl::ssl::{SslConnector, SslMethod, SslVerifyMode};

pub struct Settings {
    pub accept_invalid_certs: bool,
}

pub fn build_client() -> reqwest::Result<reqwest::Client> {
    reqwest::Client::builder()
        .timeout(std::time::Duration::from_secs(10))
        // ruleid: rust/tls-verification-disabled
        .danger_accept_invalid_certs(true)
        .build()
}

pub fn native_connector() -> native_tls::Result<native_tls::TlsConnector> {
    let mut b = native_tls::TlsConnector::builder();
    // ruleid: rust/tls-verification-disabled
    b.danger_accept_invalid_hostnames(true);
    b.build()
}

pub fn openssl_connector() -> SslConnector {
    let mut builder = SslConnector::builder(SslMethod::tls()).unwrap();
    // ruleid: rust/tls-verification-disabled
    builder.set_verify(SslVerifyMode::NONE);
    builder.build()
}

pub fn rustls_config(roots: rustls::RootCertStore) -> rustls::ClientConfig {
    let mut cfg = rustls::ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    cfg.dangerous()
        // ruleid: rust/tls-verification-disabled
        .set_certificate_verifier(Arc::new(NoCertificateVerification {}));
    cfg
}

pub fn build_client_safe(settings: &Settings, ca: reqwest::Certificate) -> reqwest::Result<reqwest::Client> {
    let mut builder = SslConnector::builder(SslMethod::tls()).unwrap();
    // ok: rust/tls-verification-disabled
    builder.set_verify(SslVerifyMode::PEER);
    // ok: rust/tls-verification-disabled
    let strict = !settings.accept_invalid_certs;
    let _ = strict;
    reqwest::Client::builder()
        .add_root_certificate(ca)
        // ok: rust/tls-verification-disabled
        .danger_accept_invalid_certs(false)
        // ok: rust/tls-verification-disabled
        .https_only(true)
        .build()
}
