package com.acme.net;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

public class LegacyGateway {

    public SSLContext context() throws Exception {
        // ruleid: java/weak-tls-protocol
        return SSLContext.getInstance("TLSv1");
    }

    public void configure(SSLSocket socket) {
        // ruleid: java/weak-tls-protocol
        socket.setEnabledProtocols(new String[] {"TLSv1.1", "TLSv1.2"});
    }

    public SSLContext modern(String protocol, SSLSocket socket) throws Exception {
        // ok: java/weak-tls-protocol
        SSLContext tls = SSLContext.getInstance("TLS");
        // ok: java/weak-tls-protocol
        SSLContext tls13 = SSLContext.getInstance("TLSv1.3");
        // ok: java/weak-tls-protocol
        socket.setEnabledProtocols(new String[] {"TLSv1.2", "TLSv1.3"});
        // ok: java/weak-tls-protocol
        SSLContext configured = SSLContext.getInstance(protocol);
        return tls13 != null ? tls13 : tls;
    }
}
