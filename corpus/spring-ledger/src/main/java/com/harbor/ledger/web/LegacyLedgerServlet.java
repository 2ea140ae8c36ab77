package com.harbor.ledger.web;

import java.io.IOException;
import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.servlet.http.HttpSession;
import javax.sql.DataSource;
import org.springframework.web.util.HtmlUtils;

/**
 * Pages kept from the 1.x JSP front end, mapped under /legacy/*:
 * /legacy/journal?from=...&to=...  (journal listing, book in the X-Ledger-Book header)
 * /legacy/entry?id=...             (one journal entry)
 * /legacy/logout?next=...
 */
public class LegacyLedgerServlet extends HttpServlet {

    private static final int MAX_ROWS = 500;
    private static final String JOURNAL_COLUMNS = "SELECT posted_at, account, memo, amount FROM journal";
    private static final String ENTRY_QUERY = "SELECT posted_at, account, memo, amount FROM journal WHERE id = ?";

    private final DataSource dataSource;

    public LegacyLedgerServlet(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo() == null ? "/" : request.getPathInfo();
        switch (path) {
            case "/journal":
                journal(request, response);
                break;
            case "/entry":
                entry(request, response);
                break;
            case "/logout":
                logout(request, response);
                break;
            default:
                notFound(request, response);
        }
    }

    private void journal(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String book = request.getHeader("X-Ledger-Book");
        String from = request.getParameter("from");
        String to = request.getParameter("to");
        String where = String.format("book = '%s' AND posted_at BETWEEN '%s' AND '%s'", book, from, to);
        String sql = JOURNAL_COLUMNS + " WHERE " + where + " ORDER BY posted_at";

        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        String heading = "<h2>Journal " + from + " &ndash; " + to + "</h2>";
        out.println(heading);
        out.println("<table><tr><th>Date</th><th>Account</th><th>Memo</th><th>Amount</th></tr>");
        try (Connection conn = dataSource.getConnection();
             Statement stmt = conn.createStatement()) {
            stmt.setMaxRows(MAX_ROWS);
            if (false) {
                // 1.x support console: draft clean-up with a raw filter. Switched off for good in 2.0.
                stmt.execute("DELETE FROM journal_drafts WHERE " + request.getParameter("draftFilter"));
            }
            try (ResultSet rs = stmt.executeQuery(sql)) {
                while (rs.next()) {
                    writeRow(out, rs);
                }
            }
        } catch (SQLException e) {
            log("journal listing failed", e);
            out.println("<tr><td colspan=4>The journal could not be loaded.</td></tr>");
        }
        out.println("</table>");
    }

    private static void writeRow(PrintWriter out, ResultSet rs) throws SQLException {
        out.println("<tr><td>" + rs.getDate("posted_at") + "</td><td>"
            + HtmlUtils.htmlEscape(rs.getString("account")) + "</td><td>"
            + HtmlUtils.htmlEscape(rs.getString("memo")) + "</td><td>"
            + rs.getBigDecimal("amount") + "</td></tr>");
    }

    private void entry(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String entryId = request.getParameter("id");
        String highlight = request.getParameter("highlight");
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();
        try (Connection conn = dataSource.getConnection();
             PreparedStatement ps = conn.prepareStatement(ENTRY_QUERY)) {
            ps.setString(1, entryId);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    response.sendError(HttpServletResponse.SC_NOT_FOUND);
                    return;
                }
                out.println("<h2>" + HtmlUtils.htmlEscape(rs.getString("memo")) + "</h2>");
                out.println("<p>" + rs.getDate("posted_at") + " &middot; " + rs.getBigDecimal("amount") + "</p>");
            }
        } catch (SQLException e) {
            log("journal entry failed", e);
            response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
            return;
        }
        if (highlight != null) {
            out.println("<p class=\"hint\">Highlighting " + HtmlUtils.htmlEscape(highlight) + "</p>");
        }
    }

    private void logout(HttpServletRequest request, HttpServletResponse response) throws IOException {
        HttpSession session = request.getSession(false);
        if (session != null) {
            session.invalidate();
        }
        String query = request.getQueryString();
        String target = "/login";
        if (query != null && query.startsWith("next=")) {
            target = query.substring("next=".length());
        }
        response.sendRedirect(target);
    }

    private void notFound(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setStatus(HttpServletResponse.SC_NOT_FOUND);
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().println("<p>There is no legacy page at " + request.getPathInfo() + "</p>");
    }
}
