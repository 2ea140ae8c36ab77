package com.harbor.ledger.web;

import javax.servlet.http.HttpSession;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * Form posts of the server-rendered pages; each answers with a redirect.
 */
@Controller
public class LedgerPageController {

    private final JdbcTemplate jdbc;

    public LedgerPageController(JdbcTemplate jdbc) {
        this.jdbc = jdbc;
    }

    /** The book switcher in the header; sends the user back to the page they were on. */
    @PostMapping("/books/switch")
    public String switchBook(@RequestParam String book,
                             @RequestParam(required = false) String next,
                             HttpSession session) {
        session.setAttribute("book", book);
        String target = "/dashboard";
        if (next != null && !next.isBlank()) {
            target = next.trim();
        }
        return "redirect:" + target;
    }

    @PostMapping("/accounts/{id}/close")
    public String closeAccount(@PathVariable long id,
                               @RequestParam(defaultValue = "/accounts") String returnTo) {
        String destination = returnTo;
        jdbc.update("UPDATE accounts SET closed = true, closed_at = now() WHERE id = ?", id);
        // A closed account drops out of the list the user came from, so always land on the overview.
        destination = "/accounts";
        return "redirect:" + destination;
    }
}
