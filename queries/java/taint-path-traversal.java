import java.io.File;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.FileReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.http.Cookie;
import javax.servlet.http.HttpServletRequest;
import org.apache.commons.io.FilenameUtils;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.multipart.MultipartFile;

@RestController
public class DocumentController {
    private static final String DOCS = "/srv/docs";
    private final Path uploads = Paths.get("/srv/uploads");

    @GetMapping("/help/{page}")
    public byte[] help(@PathVariable String page, @CookieValue(name = "lang", defaultValue = "en") String lang) throws IOException {
        String[] parts = {lang.toLowerCase(), page};
        // ruleid: java/taint-path-traversal
        return Files.readAllBytes(Paths.get(DOCS, parts[0], parts[1]));
    }

    @GetMapping("/help/images")
    public byte[] image(@RequestParam String name) throws IOException {
        // ok: java/taint-path-traversal
        return Files.readAllBytes(Paths.get(DOCS, "images", Paths.get(name).getFileName().toString()));
    }

    @GetMapping("/files")
    public byte[] download(@RequestParam String name) throws IOException {
        String fileName = FilenameUtils.getName(name);
        // ok: java/taint-path-traversal
        return Files.readAllBytes(Paths.get(DOCS, fileName));
    }

    @PostMapping("/upload")
    public void upload(@RequestParam MultipartFile file) throws IOException {
        // ruleid: java/path-traversal-request
        // ruleid: java/taint-path-traversal
        // ruleid: java/taint-unrestricted-upload
        file.transferTo(uploads.resolve(file.getOriginalFilename()));
        // ok: java/path-traversal-request
        // ok: java/taint-path-traversal
        // ruleid: java/taint-unrestricted-upload
        file.transferTo(uploads.resolve(new File(file.getOriginalFilename()).getName()));
    }

    public void receipt(HttpServletRequest request) throws IOException {
        String receipt = request.getParameter("receipt");
        String relative = receipt.replace('\\', '/');
        // ruleid: java/taint-path-traversal
        try (InputStream in = new FileInputStream(new File(DOCS, relative))) {
            in.read();
        }
        String report = "reports/" + request.getParameter("year") + "/summary.txt";
        // ruleid: java/taint-path-traversal
        FileReader reader = new FileReader(report);
        String archive = "archive-" + Integer.parseInt(request.getParameter("year")) + ".zip";
        // ok: java/taint-path-traversal
        new FileOutputStream(new File(DOCS, archive)).close();
        String theme = null;
        for (Cookie cookie : request.getCookies()) {
            if ("theme".equals(cookie.getName())) {
                theme = cookie.getValue();
            }
        }
        // ruleid: java/taint-path-traversal
        Path css = Path.of(DOCS, "themes", theme + ".css");
        // ok: java/taint-path-traversal
        String stylesheet = Files.readString(css);
        // ruleid: java/path-traversal-request
        // ruleid: java/taint-path-traversal
        File upload = new File(DOCS, request.getParameter("upload"));
        // ok: java/taint-path-traversal
        // ruleid: java/taint-unrestricted-upload
        new FileOutputStream(upload).close();
        // The class spelled in full is the same sink.
        // ruleid: java/taint-path-traversal
        java.io.File spelled = new java.io.File(DOCS, request.getParameter("spelled"));
        // ruleid: java/taint-path-traversal
        new java.io.FileWriter(request.getParameter("log")).close();
        Map<String, String> locations = new HashMap<>();
        locations.put("default", DOCS + "/index.html");
        locations.put("requested", request.getParameter("page"));
        // ok: java/taint-path-traversal
        File index = new File(locations.get("default"));
        // ruleid: java/taint-path-traversal
        File page = new File(locations.get("requested"));
        String target = request.getParameter("target");
        target = "latest.txt";
        // ok: java/taint-path-traversal
        Files.delete(Paths.get(DOCS, target));
    }

    public File local(String name) {
        // ok: java/taint-path-traversal
        return new File(DOCS, name);
    }
}
