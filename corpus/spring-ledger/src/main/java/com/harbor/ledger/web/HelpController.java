package com.harbor.ledger.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.harbor.ledger.config.LedgerSettings;

/**
 * Static help pages, one directory per language: HELP_DIR/en/closing-a-period.html ...
 */
@RestController
public class HelpController {

    private final LedgerSettings settings;

    public HelpController(LedgerSettings settings) {
        this.settings = settings;
    }

    @GetMapping(value = "/help/{page}", produces = MediaType.TEXT_HTML_VALUE)
    public byte[] page(@PathVariable String page,
                       @CookieValue(name = "ledger_locale", defaultValue = "en") String locale) throws IOException {
        String[] parts = {locale.toLowerCase(Locale.ROOT), page};
        return Files.readAllBytes(Paths.get(settings.getHelpDir(), parts[0], parts[1]));
    }

    @GetMapping(value = "/help/images", produces = MediaType.IMAGE_PNG_VALUE)
    public byte[] image(@RequestParam String name) throws IOException {
        return Files.readAllBytes(Paths.get(settings.getHelpDir(), "images", Paths.get(name).getFileName().toString()));
    }
}
