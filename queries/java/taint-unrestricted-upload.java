import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Set;
import java.util.UUID;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.Part;
import org.apache.commons.io.FilenameUtils;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.multipart.MultipartFile;

@RestController
public class UploadController {
    private static final String UPLOADS = "/srv/app/webapps/ROOT/uploads";
    private static final Set<String> ALLOWED = Set.of("png", "jpg", "gif");

    @PostMapping("/avatar")
    public String avatar(@RequestParam("file") MultipartFile file) throws IOException {
        String name = FilenameUtils.getName(file.getOriginalFilename());
        // ruleid: java/taint-unrestricted-upload
        file.transferTo(new File(UPLOADS, name));
        return "ok";
    }

    public void servlet(HttpServletRequest request) throws Exception {
        Part filePart = request.getPart("file");
        String fileName = FilenameUtils.getName(filePart.getSubmittedFileName());
        byte[] content = filePart.getInputStream().readAllBytes();
        // ruleid: java/taint-unrestricted-upload
        Files.write(Paths.get(UPLOADS, fileName), content);
    }

    @PostMapping("/checked")
    public String checked(@RequestParam("file") MultipartFile file) throws IOException {
        String name = FilenameUtils.getName(file.getOriginalFilename());
        String extension = FilenameUtils.getExtension(name).toLowerCase();
        if (!ALLOWED.contains(extension)) {
            return "rejected";
        }
        // ok: java/taint-unrestricted-upload
        file.transferTo(new File(UPLOADS, name));
        return "ok";
    }

    @PostMapping("/renamed")
    public String renamed(@RequestParam("file") MultipartFile file) throws IOException {
        // The server names the file.
        Path target = Paths.get(UPLOADS, UUID.randomUUID() + ".png");
        // ok: java/taint-unrestricted-upload
        try (FileOutputStream stream = new FileOutputStream(target.toFile())) {
            stream.write(file.getBytes());
        }
        return "ok";
    }

    @PostMapping("/typed")
    public String typed(@RequestParam("file") MultipartFile file) throws IOException {
        if (!"image/png".equals(file.getContentType())) {
            return "rejected";
        }
        // ok: java/taint-unrestricted-upload
        file.transferTo(new File(UPLOADS, FilenameUtils.getName(file.getOriginalFilename())));
        return "ok";
    }
}
