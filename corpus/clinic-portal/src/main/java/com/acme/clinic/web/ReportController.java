package com.acme.clinic.web;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.UUID;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import org.apache.commons.io.FilenameUtils;
import org.apache.commons.io.IOUtils;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.multipart.MultipartFile;

/**
 * Lab report downloads and uploads. Reports are stored as PDF files under
 * REPORT_DIR, one sub-directory per clinic.
 */
@Controller
public class ReportController {

    private static final String REPORT_DIR = "/var/clinic/reports";
    private static final String PDF_TOOL = "/usr/bin/pdftotext";

    private final Path uploadDir = Paths.get("/var/clinic/uploads");

    @GetMapping("/reports/download")
    public void download(HttpServletRequest request, HttpServletResponse response) throws IOException {
        File report = new File(REPORT_DIR, request.getParameter("file"));
        if (!report.isFile()) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        response.setContentType("application/pdf");
        try (InputStream in = new FileInputStream(report)) {
            IOUtils.copy(in, response.getOutputStream());
        }
    }

    @GetMapping("/reports/thumbnail")
    public void thumbnail(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = FilenameUtils.getName(request.getParameter("file"));
        Path thumb = Paths.get(REPORT_DIR, "thumbs", name + ".png");
        response.setContentType("image/png");
        Files.copy(thumb, response.getOutputStream());
    }

    @PostMapping("/reports/upload")
    public String upload(@RequestParam("report") MultipartFile report) throws IOException {
        Path target = uploadDir.resolve(UUID.randomUUID() + ".pdf");
        report.transferTo(target);
        return "redirect:/reports";
    }

    /** Full-text search inside one report, used by the "find in report" box. */
    @GetMapping("/reports/grep")
    public void grep(@RequestParam("file") String file, @RequestParam("q") String query,
                     HttpServletResponse response) throws IOException {
        String safeName = FilenameUtils.getName(file);
        String cmd = PDF_TOOL + " " + REPORT_DIR + "/" + safeName + " - | grep -i '" + query + "'";
        Process p = Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", cmd});
        response.setContentType("text/plain");
        IOUtils.copy(p.getInputStream(), response.getOutputStream());
    }

    /** Page count via pdfinfo; arguments are passed without a shell. */
    @GetMapping("/reports/pages")
    public void pages(@RequestParam("file") String file, HttpServletResponse response) throws IOException {
        String safeName = FilenameUtils.getName(file);
        Process p = new ProcessBuilder(List.of("pdfinfo", REPORT_DIR + "/" + safeName)).start();
        response.setContentType("text/plain");
        IOUtils.copy(p.getInputStream(), response.getOutputStream());
    }
}
