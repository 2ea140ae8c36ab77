package com.acme.files;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.Part;
import org.apache.commons.io.FilenameUtils;
import org.springframework.web.multipart.MultipartFile;

public class AttachmentController {

    private static final String BASE_DIR = "/srv/attachments";
    private final Path uploadRoot = Paths.get("/srv/uploads");

    public InputStream download(HttpServletRequest request) throws IOException {
        // ruleid: java/taint-path-traversal
        // ruleid: java/path-traversal-request
        return new FileInputStream(BASE_DIR + "/" + request.getParameter("name"));
    }

    public byte[] preview(HttpServletRequest request) throws IOException {
        // ruleid: java/taint-path-traversal
        // ruleid: java/path-traversal-request
        return Files.readAllBytes(Paths.get(BASE_DIR, request.getParameter("file")));
    }

    public void upload(MultipartFile file) throws IOException {
        // ruleid: java/taint-path-traversal
        // ruleid: java/path-traversal-request
        // ruleid: java/taint-unrestricted-upload
        file.transferTo(uploadRoot.resolve(file.getOriginalFilename()));
    }

    public void uploadPart(Part part) throws IOException {
        // ruleid: java/taint-path-traversal
        // ruleid: java/path-traversal-request
        // ruleid: java/taint-unrestricted-upload
        part.write(new File(BASE_DIR, part.getSubmittedFileName()).getPath());
    }

    public File concat(HttpServletRequest request) {
        // ruleid: java/taint-path-traversal
        // ruleid: java/path-traversal-request
        return new File(BASE_DIR + "/" + request.getParameter("name") + ".txt");
    }

    // --- safe look-alikes ---
    public InputStream downloadSafe(HttpServletRequest request) throws IOException {
        // ok: java/path-traversal-request
        File f = new File(BASE_DIR, FilenameUtils.getName(request.getParameter("name")));
        // ok: java/path-traversal-request
        Path logo = Paths.get(BASE_DIR, "logo.png");
        // ok: java/path-traversal-request
        Path p = uploadRoot.resolve(java.util.UUID.randomUUID() + ".bin");
        // ok: java/path-traversal-request
        String label = "file: " + request.getParameter("name");
        return new FileInputStream(f);
    }
}
