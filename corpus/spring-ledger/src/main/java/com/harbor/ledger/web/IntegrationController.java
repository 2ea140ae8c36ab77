package com.harbor.ledger.web;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.server.ResponseStatusException;

import com.harbor.ledger.config.LedgerSettings;
import com.harbor.ledger.model.WebhookTest;

/**
 * Outbound integrations: webhooks, exchange-rate feeds and partner bank status pages.
 */
@RestController
@RequestMapping("/api/integrations")
public class IntegrationController {

    /** Partner banks whose status page the dashboard shows. */
    private static final Map<String, String> PARTNER_BANKS = Map.of(
        "nordbank", "https://api.nordbank.example/v2",
        "kestrel", "https://open.kestrel-bank.example/api");

    private final RestTemplate restTemplate;
    private final LedgerSettings settings;

    public IntegrationController(RestTemplate restTemplate, LedgerSettings settings) {
        this.restTemplate = restTemplate;
        this.settings = settings;
    }

    /** "Send test event" button of the webhook settings page. */
    @PostMapping("/webhooks/test")
    public Map<String, Object> testWebhook(@RequestBody WebhookTest test) {
        String callback = test.callbackUrl();
        String url = callback + (callback.contains("?") ? "&" : "?") + "event=" + test.event();
        String reply = restTemplate.getForObject(url, String.class);
        return Map.of("delivered", true, "replyLength", reply == null ? 0 : reply.length());
    }

    /** Imports exchange rates from a feed the accountant points at. */
    @PostMapping("/rates/import")
    public Map<String, Object> importRates(@RequestParam String source, @RequestParam String date) throws IOException {
        String feed = source.strip();
        if (!feed.endsWith("/")) {
            feed += "/";
        }
        feed += "rates.csv?date=" + date;
        HttpURLConnection conn = (HttpURLConnection) new URL(feed).openConnection();
        conn.setConnectTimeout(5000);
        try (InputStream in = conn.getInputStream()) {
            String csv = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            return Map.of("status", conn.getResponseCode(), "lines", csv.lines().count());
        }
    }

    /** Refreshes the rates from the configured feed; the caller's reference is only echoed. */
    @PostMapping("/rates/refresh")
    public Map<String, Object> refreshRates(@RequestParam String reference) {
        Map<String, String> job = new HashMap<>();
        job.put("endpoint", settings.getRatesUrl());
        job.put("reference", reference);
        String csv = restTemplate.getForObject(job.get("endpoint"), String.class);
        return Map.of("reference", job.get("reference"), "lines", csv == null ? 0 : csv.lines().count());
    }

    @GetMapping("/banks/{bank}/status")
    public Map<String, Object> bankStatus(@PathVariable String bank) {
        String base = PARTNER_BANKS.get(bank.toLowerCase(Locale.ROOT));
        if (base == null) {
            throw new ResponseStatusException(HttpStatus.NOT_FOUND, "unknown bank");
        }
        String status = restTemplate.getForObject(base + "/status", String.class);
        return Map.of("bank", bank, "status", status == null ? "unknown" : status);
    }
}
