import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

@RestController
public class IntegrationController {
    private static final String RATES_API = "https://rates.example.com";
    private static final Map<String, String> PARTNERS = Map.of(
        "nordbank", "https://api.nordbank.example/v2",
        "kestrel", "https://open.kestrel.example/api");

    private final RestTemplate restTemplate;
    private final WebClient webClient;
    private final HttpClient httpClient;
    private final String ratesUrl;

    public record Hook(String callbackUrl, String event) {}

    @PostMapping("/webhooks/test")
    public String test(@RequestBody Hook hook) {
        String callback = hook.callbackUrl();
        String url = callback + (callback.contains("?") ? "&" : "?") + "event=" + hook.event();
        // ruleid: java/taint-ssrf
        return restTemplate.getForObject(url, String.class);
    }

    @PostMapping("/rates/import")
    public int importRates(@RequestParam String source, @RequestParam String date) throws IOException {
        String feed = source.strip();
        if (!feed.endsWith("/")) {
            feed += "/";
        }
        feed += "rates.csv?date=" + date;
        // ruleid: java/taint-ssrf
        HttpURLConnection conn = (HttpURLConnection) new URL(feed).openConnection();
        return conn.getResponseCode();
    }

    @PostMapping("/rates/refresh")
    public String refresh(@RequestParam String reference) {
        Map<String, String> job = new HashMap<>();
        job.put("endpoint", ratesUrl);
        job.put("reference", reference);
        // ok: java/taint-ssrf
        return restTemplate.getForObject(job.get("endpoint"), String.class);
    }

    @GetMapping("/banks/{bank}/status")
    public String bank(@PathVariable String bank) {
        String base = PARTNERS.get(bank.toLowerCase());
        // ok: java/taint-ssrf
        return restTemplate.getForObject(base + "/status", String.class);
    }

    @GetMapping("/rates/{currency}")
    public String rate(@PathVariable String currency) {
        // ok: java/taint-ssrf
        String viaConstant = restTemplate.getForObject(RATES_API + "/latest/" + currency, String.class);
        // The constant and its path four levels down the concatenation.
        // ok: java/taint-ssrf
        String daily = restTemplate.getForObject(RATES_API + "/daily/" + currency + "/" + currency, String.class);
        // The constant and its path three levels down.
        // ok: java/taint-ssrf
        String pair = restTemplate.getForObject(RATES_API + "/pairs/" + currency + currency, String.class);
        // The host two, three, four and five levels down the concatenation.
        // ok: java/taint-ssrf
        String cross = restTemplate.getForObject("https://rates.example.com/" + currency + currency, String.class);
        // ok: java/taint-ssrf
        String spot = restTemplate.getForObject("https://rates.example.com/" + currency + "/spot/" + currency, String.class);
        // ok: java/taint-ssrf
        String range = restTemplate.getForObject("https://rates.example.com/" + currency + "/range/" + currency + currency, String.class);
        // ok: java/taint-ssrf
        String history = restTemplate.getForObject("https://rates.example.com/" + currency + "/history/" + currency + "?page=" + currency, String.class);
        // ok: java/taint-ssrf
        String weekly = restTemplate.getForObject(String.format("https://rates.example.com/%s/weekly", currency), String.class);
        // ok: java/taint-ssrf
        return restTemplate.getForObject("https://rates.example.com/latest?symbol=" + currency, String.class);
    }

    @GetMapping("/preview")
    public String preview(HttpServletRequest request) throws Exception {
        String target = request.getParameter("url");
        // ruleid: java/taint-ssrf
        String body = webClient.get().uri(target).retrieve().bodyToMono(String.class).block();
        HttpRequest probe = HttpRequest
            // ruleid: java/taint-ssrf
            .newBuilder(URI.create(request.getHeader("X-Probe")))
            .build();
        httpClient.send(probe, HttpResponse.BodyHandlers.ofString());
        String mirror = String.format("%s/mirror", request.getParameter("host"));
        // ruleid: java/taint-ssrf
        restTemplate.exchange(mirror, org.springframework.http.HttpMethod.GET, null, String.class);
        target = "https://status.example.com/";
        // ok: java/taint-ssrf
        return body + restTemplate.getForObject(target, String.class);
    }

    public String fetch(String url) {
        // ok: java/taint-ssrf
        return restTemplate.getForObject(url, String.class);
    }
}
