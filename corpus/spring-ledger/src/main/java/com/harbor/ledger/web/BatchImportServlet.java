package com.harbor.ledger.web;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Base64;
import java.util.Map;
import javax.servlet.ServletException;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.io.IOUtils;
import org.apache.commons.text.StringEscapeUtils;

import com.harbor.ledger.config.LedgerSettings;
import com.harbor.ledger.model.JournalFilter;

/**
 * Endpoints of the old desktop client, mapped under /import/*:
 * POST /import/batch?batch=...   a serialized List of journal lines
 * GET  /import/receipt?receipt=2024/05/inv-1183.pdf
 * GET  /import/filter           the filter remembered in the ledger_filter cookie
 * GET  /import/rates?currency=USD
 */
public class BatchImportServlet extends HttpServlet {

    private static final String FILTER_COOKIE = "ledger_filter";

    private final LedgerSettings settings;

    public BatchImportServlet(LedgerSettings settings) {
        this.settings = settings;
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String batchName = request.getParameter("batch");
        Object batch;
        try {
            batch = new ObjectInputStream(request.getInputStream()).readObject();
        } catch (ClassNotFoundException e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST, "unknown batch format");
            return;
        }
        request.getServletContext().setAttribute("pendingBatch", batch);
        response.setContentType("text/html;charset=UTF-8");
        response.getWriter().println("<p>Batch " + StringEscapeUtils.escapeHtml4(batchName) + " queued for posting</p>");
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String path = request.getPathInfo() == null ? "" : request.getPathInfo();
        if (path.equals("/receipt")) {
            receipt(request, response);
        } else if (path.equals("/filter")) {
            filter(request, response);
        } else if (path.equals("/rates")) {
            rates(request, response);
        } else {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
        }
    }

    private void receipt(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String receipt = request.getParameter("receipt");
        String relative = receipt.replace('\\', '/');
        response.setContentType("application/pdf");
        try (InputStream in = new FileInputStream(new File(settings.getAttachmentDir(), relative))) {
            IOUtils.copy(in, response.getOutputStream());
        }
    }

    private void filter(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String encoded = null;
        Cookie[] cookies = request.getCookies();
        if (cookies != null) {
            for (Cookie cookie : cookies) {
                if (FILTER_COOKIE.equals(cookie.getName())) {
                    encoded = cookie.getValue();
                }
            }
        }
        JournalFilter filter = new JournalFilter();
        if (encoded != null) {
            byte[] raw = Base64.getUrlDecoder().decode(encoded);
            try {
                filter = (JournalFilter) new ObjectInputStream(new ByteArrayInputStream(raw)).readObject();
            } catch (ClassNotFoundException e) {
                log("stale filter cookie", e);
            }
        }
        request.getSession().setAttribute("journalFilter", filter);
        response.setStatus(HttpServletResponse.SC_NO_CONTENT);
    }

    /** Rates come from the snapshot the nightly job writes; the client picks one currency. */
    @SuppressWarnings("unchecked")
    private void rates(HttpServletRequest request, HttpServletResponse response)
            throws IOException, ServletException {
        String currency = request.getParameter("currency");
        Map<String, String> snapshot;
        try (ObjectInputStream in = new ObjectInputStream(Files.newInputStream(Paths.get(settings.getSnapshotFile())))) {
            snapshot = (Map<String, String>) in.readObject();
        } catch (ClassNotFoundException e) {
            response.sendError(HttpServletResponse.SC_SERVICE_UNAVAILABLE);
            return;
        }
        request.setAttribute("currency", currency);
        request.setAttribute("rate", snapshot.get(currency));
        request.getRequestDispatcher("/WEB-INF/jsp/rate.jsp").forward(request, response);
    }
}
