package com.acme.http;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.HttpsURLConnection;
import javax.net.ssl.SSLSession;
import org.apache.http.conn.ssl.DefaultHostnameVerifier;
import org.apache.http.conn.ssl.NoopHostnameVerifier;
import org.apache.http.impl.client.HttpClients;

public class LegacyConnector {

    // ruleid: java/hostname-verifier-allow-all
    private static final HostnameVerifier ANY_HOST = (host, session) -> true;

    static class TrustingVerifier implements HostnameVerifier {
        @Override
        // ruleid: java/hostname-verifier-allow-all
        public boolean verify(String hostname, SSLSession session) {
            return true;
        }
    }

    public void configure(HttpsURLConnection conn) {
        // ruleid: java/hostname-verifier-allow-all
        conn.setHostnameVerifier((hostname, session) -> true);
        // ruleid: java/hostname-verifier-allow-all
        HttpClients.custom().setSSLHostnameVerifier(NoopHostnameVerifier.INSTANCE).build();
    }

    // --- safe look-alikes ---
    static class PinnedVerifier implements HostnameVerifier {
        @Override
        // ok: java/hostname-verifier-allow-all
        public boolean verify(String hostname, SSLSession session) {
            return "partner.acme.com".equals(hostname)
                && HttpsURLConnection.getDefaultHostnameVerifier().verify(hostname, session);
        }
    }

    static class TokenChecker {
        // ok: java/hostname-verifier-allow-all
        public boolean verify(String token) {
            return true;
        }
    }

    public void configureSafe(HttpsURLConnection conn) {
        // ok: java/hostname-verifier-allow-all
        conn.setHostnameVerifier((hostname, session) -> hostname.endsWith(".acme.com"));
        // ok: java/hostname-verifier-allow-all
        HttpClients.custom().setSSLHostnameVerifier(new DefaultHostnameVerifier()).build();
    }
}
