package io.northgate.fleet.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.sql.DataSource;
import org.springframework.web.util.HtmlUtils;

/**
 * Printable driver cards (kept in the cab) and the depot roster they are printed from.
 *
 * GET /drivers/card?id=42&note=...           one card
 * GET /drivers/card?view=roster&depot=LDS2   roster of a depot, sortable
 */
public class DriverCardServlet extends HttpServlet {

    private final DataSource dataSource;

    public DriverCardServlet(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if ("roster".equals(request.getParameter("view"))) {
            roster(request, response);
        } else {
            card(request, response);
        }
    }

    private void card(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int driverId = Integer.parseInt(request.getParameter("id"));
        try (Connection conn = dataSource.getConnection();
             Statement stmt = conn.createStatement();
             ResultSet rs = stmt.executeQuery("SELECT full_name, licence_class, depot_code FROM drivers WHERE id = " + driverId)) {
            if (!rs.next()) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            Map<String, String> card = new HashMap<>();
            card.put("name", rs.getString("full_name"));
            card.put("licence", rs.getString("licence_class"));
            card.put("depot", rs.getString("depot_code"));
            card.put("note", request.getParameter("note"));

            response.setContentType("text/html;charset=UTF-8");
            PrintWriter out = response.getWriter();
            out.println("<html><head><title>Driver card</title></head><body class=\"card\">");
            out.println("<h1>" + HtmlUtils.htmlEscape(card.get("name")) + "</h1>");
            out.println("<p>Licence " + HtmlUtils.htmlEscape(card.get("licence")) + " &middot; depot " + HtmlUtils.htmlEscape(card.get("depot")) + "</p>");
            if (card.get("note") != null) {
                out.println("<p class=\"note\">" + card.get("note") + "</p>");
            }
            out.println("</body></html>");
        } catch (SQLException e) {
            log("driver card query failed", e);
            response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
        }
    }

    private void roster(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String depot = request.getParameter("depot");
        String sort = request.getParameter("sort");
        String orderBy = "last_name";
        if (sort != null && !sort.isEmpty()) {
            orderBy = sort.toLowerCase();
        }
        String sql = String.format("SELECT id, first_name, last_name, licence_expires FROM drivers WHERE depot_code = ? ORDER BY %s", orderBy);

        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        out.println("<html><head><title>Roster</title></head><body>");
        out.println("<h2>Drivers at depot " + HtmlUtils.htmlEscape(depot) + "</h2>");
        out.println("<table><tr><th>Name</th><th>Licence expires</th><th></th></tr>");
        try (Connection conn = dataSource.getConnection();
             PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setString(1, depot);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.println("<tr><td>" + HtmlUtils.htmlEscape(rs.getString("first_name") + " " + rs.getString("last_name"))
                        + "</td><td>" + rs.getDate("licence_expires")
                        + "</td><td><a href=\"/drivers/card?id=" + rs.getLong("id") + "\">card</a></td></tr>");
                }
            }
        } catch (SQLException e) {
            log("roster query failed", e);
            out.println("<tr><td colspan=\"3\">Roster unavailable</td></tr>");
        }
        out.println("</table></body></html>");
    }
}
