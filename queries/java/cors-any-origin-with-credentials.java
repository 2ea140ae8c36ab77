import org.springframework.web.bind.annotation.CrossOrigin;
import org.springframework.web.servlet.config.annotation.CorsRegistry;

public class Cors {
    // ruleid: java/cors-any-origin-with-credentials
    @CrossOrigin(originPatterns = "*", allowCredentials = "true")
    public String me() {
        return "me";
    }

    // ok: java/cors-any-origin-with-credentials
    @CrossOrigin(origins = "https://app.example.com", allowCredentials = "true")
    public String partner() {
        return "partner";
    }

    // ok: java/cors-any-origin-with-credentials
    @CrossOrigin(origins = "*")
    public String open() {
        return "open";
    }

    public void addCorsMappings(CorsRegistry registry) {
        // ruleid: java/cors-any-origin-with-credentials
        registry.addMapping("/api/**").allowedOriginPatterns("*").allowCredentials(true);
        // ok: java/cors-any-origin-with-credentials
        registry.addMapping("/app/**").allowedOrigins("https://app.example.com").allowCredentials(true);
    }
}
