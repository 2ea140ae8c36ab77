package com.harbor.ledger.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.commons.io.FilenameUtils;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.harbor.ledger.config.LedgerSettings;

/**
 * Monthly account statements: rendered to PDF by an external tool, bundled, downloaded.
 */
@RestController
@RequestMapping("/api/statements")
public class StatementController {

    private final LedgerSettings settings;

    public StatementController(LedgerSettings settings) {
        this.settings = settings;
    }

    /** Renders one statement; the renderer's log goes to syslog tagged with the request id. */
    @PostMapping("/{accountId}/render")
    public Map<String, String> render(@PathVariable long accountId,
                                      @RequestParam(defaultValue = "Statement") String title,
                                      @RequestHeader(value = "X-Request-Id", defaultValue = "-") String requestId)
            throws IOException, InterruptedException {
        String output = settings.getExportDir() + "/" + accountId + "-" + UUID.randomUUID() + ".pdf";
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c"));
        command.add(settings.getRendererPath() + " --account " + accountId + " --title \"" + title + "\" " + output
            + " 2>&1 | logger -t ledger-render[" + requestId + "]");
        Process render = new ProcessBuilder(command).start();
        render.waitFor();
        return Map.of("file", output);
    }

    /** Re-renders a whole batch; batch ids are UUIDs and no shell is involved. */
    @PostMapping("/batches/{batchId}/render")
    public Map<String, String> renderBatch(@PathVariable String batchId) throws IOException {
        UUID batch = UUID.fromString(batchId);
        Process render = new ProcessBuilder(settings.getRendererPath(), "--batch", batch.toString(), "--out", settings.getExportDir()).start();
        return Map.of("batch", batch.toString(), "pid", Long.toString(render.pid()));
    }

    /** Zips the statements of several accounts for the auditors. */
    @PostMapping("/bundle")
    public Map<String, String> bundle(@RequestParam List<String> accounts) throws IOException, InterruptedException {
        StringBuilder files = new StringBuilder();
        for (String account : accounts) {
            files.append(' ').append(account.trim()).append(".pdf");
        }
        String bundleName = "bundle-" + UUID.randomUUID() + ".zip";
        String cmd = "cd " + settings.getExportDir() + " && zip -q " + bundleName + files;
        Process zip = Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", cmd});
        zip.waitFor();
        return Map.of("bundle", bundleName);
    }

    @GetMapping("/files")
    public ResponseEntity<byte[]> download(@RequestParam String name) throws IOException {
        String fileName = FilenameUtils.getName(name);
        byte[] pdf = Files.readAllBytes(Paths.get(settings.getExportDir(), fileName));
        return ResponseEntity.ok().contentType(MediaType.APPLICATION_PDF).body(pdf);
    }
}
