package io.northgate.fleet.web;

import io.northgate.fleet.model.RouteDraft;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.time.Duration;
import java.util.Base64;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseCookie;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Unsaved route drafts. The planner keeps the draft it is editing in a cookie so that
 * a dispatcher can close the tab and pick up where they left off on the same machine.
 */
@RestController
@RequestMapping("/api/routes/draft")
public class RouteDraftController {

    private static final String DRAFT_COOKIE = "route_draft";

    /** POST /api/routes/draft (JSON body): park the draft in the browser. */
    @PostMapping
    public void save(@RequestBody RouteDraft draft, HttpServletResponse response) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(draft);
        }
        ResponseCookie cookie = ResponseCookie.from(DRAFT_COOKIE, Base64.getUrlEncoder().encodeToString(bytes.toByteArray()))
            .path("/api/routes/draft")
            .maxAge(Duration.ofDays(7))
            .httpOnly(true)
            .secure(true)
            .sameSite("Strict")
            .build();
        response.addHeader(HttpHeaders.SET_COOKIE, cookie.toString());
    }

    /** GET /api/routes/draft: give the planner its parked draft back. */
    @GetMapping
    public RouteDraft restore(HttpServletRequest request) throws IOException, ClassNotFoundException {
        String encoded = null;
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (DRAFT_COOKIE.equals(cookie.getName())) {
                    encoded = cookie.getValue();
                }
            }
        }
        if (encoded == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "no draft");
        }
        byte[] raw = Base64.getUrlDecoder().decode(encoded);
        RouteDraft draft = (RouteDraft) new ObjectInputStream(new ByteArrayInputStream(raw)).readObject();
        return draft;
    }
}
