package com.acme.http;

import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.apache.http.conn.ssl.TrustAllStrategy;
import org.apache.http.ssl.SSLContexts;

public class PartnerClientFactory {

    /** Accepts the partner's self-signed certificate. */
    static final class LenientTrustManager implements X509TrustManager {
        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        @Override
        // ruleid: java/trust-all-certificates
        public void checkServerTrusted(X509Certificate[] chain, String authType) {
            // trust everything, the partner uses self-signed certs
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    public SSLContext lenientContext() throws Exception {
        // ruleid: java/trust-all-certificates
        SSLContext ctx = SSLContexts.custom().loadTrustMaterial(null, (chain, authType) -> true).build();
        // ruleid: java/trust-all-certificates
        SSLContext ctx2 = SSLContexts.custom().loadTrustMaterial(TrustAllStrategy.INSTANCE).build();
        return ctx2 == null ? ctx : ctx2;
    }

    /** Delegates to the platform trust manager after logging. */
    static final class LoggingTrustManager implements X509TrustManager {
        private final X509TrustManager delegate;

        LoggingTrustManager(X509TrustManager delegate) {
            this.delegate = delegate;
        }

        // ok: java/trust-all-certificates
        public void checkClientTrusted(X509Certificate[] chain, String authType) {
        }

        // ok: java/trust-all-certificates
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            delegate.checkServerTrusted(chain, authType);
        }

        public X509Certificate[] getAcceptedIssuers() {
            return delegate.getAcceptedIssuers();
        }
    }

    public SSLContext pinnedContext(java.security.KeyStore trustStore) throws Exception {
        // ok: java/trust-all-certificates
        return SSLContexts.custom().loadTrustMaterial(trustStore, null).build();
    }

    public SSLContext strategyContext(java.security.KeyStore trustStore) throws Exception {
        // ok: java/trust-all-certificates
        return SSLContexts.custom().loadTrustMaterial(trustStore, (chain, authType) -> chain.length == 1 && isPinned(chain[0])).build();
    }

    private boolean isPinned(X509Certificate cert) {
        return false;
    }
}
