package com.acme.clinic.web;

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
import javax.sql.DataSource;
import org.owasp.encoder.Encode;

/**
 * Patient search page carried over from the JSP version of the portal.
 * GET /legacy/patients?name=...&clinic=...  (search)
 * GET /legacy/patients?mrn=...                (detail)
 */
public class PatientSearchServlet extends HttpServlet {

    private static final int MAX_ROWS = 50;

    private final DataSource dataSource;

    public PatientSearchServlet(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (request.getParameter("mrn") != null) {
            doDetail(request, response);
            return;
        }
        String name = request.getParameter("name");
        String clinic = request.getParameter("clinic");
        response.setContentType("text/html;charset=UTF-8");
        PrintWriter out = response.getWriter();

        out.println("<html><head><title>Patient search</title></head><body>");
        out.println("<h2>Results for " + request.getParameter("name") + "</h2>");
        out.println("<table><tr><th>MRN</th><th>Name</th><th>Born</th></tr>");

        String sql = "SELECT mrn, full_name, birth_date FROM patients WHERE full_name LIKE '%" + name + "%'";
        if (clinic != null && !clinic.isEmpty()) {
            sql += " AND clinic_id = " + clinic;
        }
        try (Connection conn = dataSource.getConnection();
             Statement stmt = conn.createStatement()) {
            stmt.setMaxRows(MAX_ROWS);
            try (ResultSet rs = stmt.executeQuery(sql)) {
                while (rs.next()) {
                    out.println("<tr><td>" + Encode.forHtml(rs.getString("mrn")) + "</td><td>"
                        + Encode.forHtml(rs.getString("full_name")) + "</td><td>"
                        + rs.getDate("birth_date") + "</td></tr>");
                }
            }
        } catch (SQLException e) {
            log("patient search failed", e);
            out.println("<tr><td colspan=3>Search failed</td></tr>");
        }
        out.println("</table></body></html>");
    }

    /** Detail view, GET /legacy/patients?mrn=... */
    protected void doDetail(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String mrn = request.getParameter("mrn");
        PrintWriter out = response.getWriter();
        try (Connection conn = dataSource.getConnection();
             PreparedStatement ps = conn.prepareStatement(
                 "SELECT full_name, diagnosis, attending FROM patients WHERE mrn = ?")) {
            ps.setString(1, mrn);
            try (ResultSet rs = ps.executeQuery()) {
                if (!rs.next()) {
                    response.sendError(HttpServletResponse.SC_NOT_FOUND);
                    return;
                }
                out.println("<h2>" + Encode.forHtml(rs.getString("full_name")) + "</h2>");
                out.println("<p>Diagnosis: " + Encode.forHtml(rs.getString("diagnosis")) + "</p>");
                out.println("<p>Requested MRN: " + Encode.forHtml(request.getParameter("mrn")) + "</p>");
            }
        } catch (SQLException e) {
            log("patient detail failed", e);
            response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR);
        }
    }
}
