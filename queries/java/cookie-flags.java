package com.acme.web;

import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

public class SessionCookies {

    public void login(HttpServletRequest request, HttpServletResponse response, String id) {
        Cookie session = new Cookie("SESSIONID", id);
        session.setPath("/");
        if (request.isSecure()) {
            // ruleid: java/cookie-without-secure, java/cookie-without-httponly
            response.addCookie(session);
        }
    }

    public void remember(HttpServletResponse response, String token, boolean secure) {
        Cookie remember = new Cookie("remember_token", token);
        remember.setHttpOnly(true);
        if (secure) {
            remember.setSecure(true);
        }
        // Secure only on one path.
        // ruleid: java/cookie-without-secure
        response.addCookie(remember);
    }

    public void explicitlyInsecure(HttpServletResponse response, String token) {
        Cookie auth = new Cookie("auth", token);
        auth.setSecure(false);
        auth.setHttpOnly(true);
        // ruleid: java/cookie-without-secure
        response.addCookie(auth);
    }

    public void safe(HttpServletRequest request, HttpServletResponse response, String id) {
        Cookie session = new Cookie("SESSIONID", id);
        session.setSecure(true);
        session.setHttpOnly(true);
        // ok: java/cookie-without-secure, java/cookie-without-httponly
        response.addCookie(session);
        Cookie secureAsRequest = new Cookie("sid", id);
        secureAsRequest.setSecure(request.isSecure());
        secureAsRequest.setHttpOnly(true);
        // ok: java/cookie-without-secure
        response.addCookie(secureAsRequest);
        Cookie theme = new Cookie("theme", "dark");
        theme.setSecure(true);
        // ok: java/cookie-without-httponly
        response.addCookie(theme);
        Cookie xsrf = new Cookie("XSRF-TOKEN", id);
        xsrf.setSecure(true);
        // ok: java/cookie-without-httponly
        response.addCookie(xsrf);
    }
}
