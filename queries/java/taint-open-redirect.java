import java.io.IOException;
import java.net.URI;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

@Controller
public class NavigationController {
    private static final Map<String, String> PAGES = Map.of("home", "/dashboard", "books", "/books");

    @PostMapping("/books/switch")
    public String switchBook(@RequestParam String book, @RequestParam(required = false) String next, HttpSession session) {
        session.setAttribute("book", book);
        String target = "/dashboard";
        if (next != null && !next.isBlank()) {
            target = next.trim();
        }
        // ruleid: java/taint-open-redirect
        return "redirect:" + target;
    }

    @PostMapping("/accounts/{id}/close")
    public String close(@PathVariable long id, @RequestParam(defaultValue = "/accounts") String returnTo) {
        String destination = returnTo;
        destination = "/accounts";
        // ok: java/taint-open-redirect
        return "redirect:" + destination;
    }

    @GetMapping("/accounts/{id}/view")
    public String view(@PathVariable String id) {
        // ok: java/taint-open-redirect
        return "redirect:/accounts/" + id + "/summary";
    }

    @GetMapping("/accounts/statements")
    public void statement(@RequestParam String id, @RequestParam String year, @RequestParam String tab,
            HttpServletResponse response) throws IOException {
        // The fixed path two, three, four and five `+` down the concatenation.
        // ok: java/taint-open-redirect
        response.sendRedirect("/accounts/" + id + year);
        // ok: java/taint-open-redirect
        response.sendRedirect("/accounts/" + id + "/statements/" + year);
        // ok: java/taint-open-redirect
        response.sendRedirect("/accounts/" + id + "/statements/" + year + tab);
        // ok: java/taint-open-redirect
        response.sendRedirect("/accounts/" + id + "/statements/" + year + "?tab=" + tab);
    }

    @GetMapping("/go")
    public ModelAndView go(@RequestParam String page) {
        // ok: java/taint-open-redirect
        return new ModelAndView("redirect:" + PAGES.getOrDefault(page, "/dashboard"));
    }

    @GetMapping("/continue")
    public RedirectView resume(@RequestParam("continue") String continueUrl) {
        // ruleid: java/taint-open-redirect
        return new RedirectView(continueUrl);
    }

    @GetMapping("/sso/return")
    public ResponseEntity<Void> ssoReturn(@RequestParam String relayState) {
        // ruleid: java/taint-open-redirect
        return ResponseEntity.status(HttpStatus.FOUND).location(URI.create(relayState)).build();
    }

    public void logout(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String query = request.getQueryString();
        String target = "/login";
        if (query != null && query.startsWith("next=")) {
            target = query.substring("next=".length());
        }
        // ruleid: java/taint-open-redirect
        response.sendRedirect(target);
        String lang = request.getParameter("lang");
        // ok: java/taint-open-redirect
        response.sendRedirect("/home?lang=" + lang);
        // ok: java/taint-open-redirect
        response.sendRedirect("https://www.example.com/help/" + lang);
        // ruleid: java/taint-open-redirect
        response.setHeader("Location", request.getHeader("Referer"));
        // ruleid: java/taint-open-redirect
        response.setHeader(HttpHeaders.LOCATION, "/" + lang);
        if (false) {
            // ok: java/taint-open-redirect
            response.sendRedirect(request.getParameter("debug"));
        }
    }

    public String after(String next) {
        // ok: java/taint-open-redirect
        return "redirect:" + next;
    }
}
