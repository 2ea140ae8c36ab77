package io.northgate.fleet.web;

import io.northgate.fleet.config.FleetProperties;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.util.HtmlUtils;

/**
 * Dispatcher-facing pages: the sign-in landing and the quick board.
 */
@Controller
public class DispatchController {

    private final FleetProperties props;

    public DispatchController(FleetProperties props) {
        this.props = props;
    }

    /**
     * GET /sso/return?next=/dispatch/board
     * The identity provider sends the user back here; we forward them to the page they started on.
     */
    @GetMapping("/sso/return")
    public void ssoReturn(@RequestParam(value = "next", required = false) String next,
                          HttpServletRequest request, HttpServletResponse response) throws IOException {
        String target = next;
        if (target == null || target.isBlank()) {
            target = request.getHeader("Referer");
        }
        if (target == null) {
            target = props.getPortalHome();
        }
        response.sendRedirect(target.trim());
    }

    /** GET /sso/signed-out: the IdP's post-logout landing. Always goes to the portal home. */
    @GetMapping("/sso/signed-out")
    public void signedOut(@RequestParam(value = "next", required = false) String next,
                          HttpServletResponse response) throws IOException {
        Map<String, String> destinations = new HashMap<>();
        destinations.put("requested", next);
        destinations.put("home", props.getPortalHome());
        response.sendRedirect(destinations.get("home"));
    }

    /**
     * GET /dispatch/board?plate=AB12CDE&plate=KX70LMN&q=late
     * Quick board for a hand-picked set of vans; the full board is the SPA.
     */
    @GetMapping("/dispatch/board")
    public void board(@RequestParam("plate") List<String> plates,
                      @RequestParam(value = "q", defaultValue = "") String filter,
                      HttpServletResponse response) throws IOException {
        Map<String, String> page = new HashMap<>();
        page.put("title", "Dispatch board");
        page.put("filter", filter);

        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.println("<html><head><title>" + page.get("title") + "</title></head><body>");
        out.println("<p class=\"filter\">Filter: " + HtmlUtils.htmlEscape(page.get("filter")) + "</p>");
        StringBuilder list = new StringBuilder("<ul class=\"vans\">");
        for (String plate : plates) {
            list.append("<li>").append(plate.toUpperCase()).append("</li>");
        }
        list.append("</ul>");
        out.println(list.toString());
        out.println("</body></html>");
    }
}
