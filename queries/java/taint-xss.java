import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.text.StringEscapeUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.util.HtmlUtils;

public class JournalServlet extends HttpServlet {
    private java.sql.Connection connection;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String from = request.getParameter("from");
        String to = request.getParameter("to");
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        String heading = "<h2>Journal " + from + " &ndash; " + to + "</h2>";
        // ruleid: java/taint-xss
        out.println(heading);
        // ok: java/taint-xss
        out.println("<table><tr><th>Date</th><th>Amount</th></tr>");
        String highlight = request.getParameter("highlight");
        if (highlight != null) {
            // ok: java/taint-xss
            out.println("<p>Highlighting " + HtmlUtils.htmlEscape(highlight) + "</p>");
        }
        StringBuilder rows = new StringBuilder();
        for (String account : request.getParameterValues("account")) {
            rows.append("<tr><td>").append(account).append("</td></tr>");
        }
        // ruleid: java/taint-xss
        out.write(rows.toString());
        StringBuilder safeRows = new StringBuilder();
        for (String account : request.getParameterValues("account")) {
            safeRows.append("<tr><td>").append(StringEscapeUtils.escapeHtml4(account)).append("</td></tr>");
        }
        // ok: java/taint-xss
        out.write(safeRows.toString());
        // ok: java/taint-xss
        out.write(org.jsoup.Jsoup.clean(request.getParameter("bio"), org.jsoup.safety.Safelist.basic()));
        // commons-lang's clean only trims.
        // ruleid: java/taint-xss
        out.write(StringUtils.clean(request.getParameter("bio")));
        // ok: java/taint-xss
        out.println("<p>Page " + Integer.parseInt(request.getParameter("page")) + "</p>");
        // ok: java/taint-xss
        System.out.println("journal " + from);
        // ruleid: java/sql-injection
        // ruleid: java/taint-sql-injection
        try (java.sql.ResultSet rs = connection.createStatement().executeQuery("SELECT memo FROM journal WHERE book = '" + from + "'")) {
            while (rs.next()) {
                // ok: java/taint-xss
                out.println("<tr><td>" + rs.getDate("posted_at") + "</td></tr>");
            }
        } catch (java.sql.SQLException e) {
            log("journal failed", e);
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        response.getWriter().println("<p>There is no page at " + request.getPathInfo() + "</p>");
        Map<String, String> labels = new HashMap<>();
        labels.put("title", "Import");
        labels.put("batch", request.getParameter("batch"));
        // ok: java/taint-xss
        response.getWriter().println("<h1>" + labels.get("title") + "</h1>");
        String batch = String.join(", ", List.of("batch", labels.get("batch")));
        // ruleid: java/taint-xss
        response.getWriter().printf("<p>%s queued</p>", batch);
        batch = "none";
        // ok: java/taint-xss
        response.getWriter().printf("<p>%s queued</p>", batch);
    }
}

@RestController
class GreetingController {
    @GetMapping("/greet")
    public String greet(@RequestParam String name) {
        // ruleid: java/taint-xss
        return "<html><body>Hello " + name + "</body></html>";
    }

    @GetMapping("/greet/safe")
    public String greetSafe(@RequestParam String name) {
        // ok: java/taint-xss
        return "<html><body>Hello " + HtmlUtils.htmlEscape(name) + "</body></html>";
    }

    @GetMapping("/card")
    public ResponseEntity<String> card(@RequestParam String title) {
        String html = String.format("<div class=\"card\">%s</div>", title);
        // ruleid: java/taint-xss
        return ResponseEntity.ok().contentType(MediaType.TEXT_HTML).body(html);
    }

    @GetMapping("/card/plain")
    public ResponseEntity<String> plain(@RequestParam String title) {
        // ok: java/taint-xss
        return ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(title);
    }

    @GetMapping("/banner")
    public ResponseEntity<String> banner(@RequestHeader("X-Campaign") String campaign) {
        // ruleid: java/taint-xss
        return ResponseEntity.ok("<marquee>" + campaign.strip() + "</marquee>");
    }

    @GetMapping("/status")
    public String status(@RequestParam String code) {
        // ok: java/taint-xss
        return "status " + code;
    }
}

// The container writes the message of sendError into its HTML error page.
class ErrorPages {
    void missing(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws java.io.IOException {
        String name = request.getParameter("name");
        // ruleid: java/taint-xss
        response.sendError(404, "<br>no page named " + name);
    }

    void fixed(javax.servlet.http.HttpServletResponse response) throws java.io.IOException {
        // ok: java/taint-xss
        response.sendError(404, "no such page");
    }
}

// A response that says it is plain text or JSON is not rendered as HTML.
class PlainPages {
    void raw(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws java.io.IOException {
        response.setContentType("text/plain;charset=UTF-8");
        // ok: java/taint-xss
        response.getWriter().print(request.getParameter("log"));
    }

    void page(javax.servlet.http.HttpServletRequest request, javax.servlet.http.HttpServletResponse response) throws java.io.IOException {
        response.setContentType("text/html;charset=UTF-8");
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        response.getWriter().print(request.getParameter("log"));
    }
}
