package com.acme.web;

import java.io.IOException;
import java.io.PrintWriter;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.owasp.encoder.Encode;

public class SearchServlet extends HttpServlet {

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/html");
        PrintWriter out = response.getWriter();
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        out.println("<h1>Results for " + request.getParameter("q") + "</h1>");
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        response.getWriter().write(request.getParameter("callback"));
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        out.printf("<a href=\"%s\">back</a>", request.getHeader("Referer"));
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        out.print(String.format("<p>Page %s</p>", request.getParameter("page")));

        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        out.println("<p>" + "<b>" + request.getParameter("tag") + "</b>");
        // ruleid: java/taint-xss
        // ruleid: java/xss-servlet-writer
        out.print("<p>" + "<b>" + "<i>" + request.getHeader("X-Tag") + "</i>" + "</b>");
        // --- safe look-alikes ---
        // ok: java/xss-servlet-writer
        out.println("<p>" + Encode.forHtml(request.getParameter("q")) + "</p>");
        // ok: java/xss-servlet-writer
        System.out.println("search: " + request.getParameter("q"));
        // ok: java/xss-servlet-writer
        out.println("<footer>Acme Inc.</footer>");
        // ok: java/xss-servlet-writer
        log("query " + request.getParameter("q"));
    }
}
