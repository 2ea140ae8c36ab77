import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.servlet.http.HttpServletRequest;
import org.springframework.web.bind.annotation.*;

@RestController
public class ReportController {
    private static final String RENDERER = "/opt/reports/render";
    private static final Map<String, String> FORMATS = Map.of("pdf", "--pdf", "html", "--html");

    @PostMapping("/reports/{id}/render")
    public void render(@PathVariable long id, @RequestParam String title,
                       @RequestHeader("X-Request-Id") String requestId) throws IOException {
        List<String> command = new ArrayList<>(List.of("/bin/sh", "-c"));
        command.add(RENDERER + " --id " + id + " --title \"" + title + "\" | logger -t render[" + requestId + "]");
        // ruleid: java/taint-command-injection
        new ProcessBuilder(command).start();
    }

    @PostMapping("/reports/batches/{batchId}")
    public void batch(@PathVariable String batchId) throws IOException {
        UUID batch = UUID.fromString(batchId);
        // ok: java/taint-command-injection
        new ProcessBuilder(RENDERER, "--batch", batch.toString()).start();
    }

    @PostMapping("/reports/bundle")
    public void bundle(@RequestParam List<String> names) throws IOException {
        StringBuilder files = new StringBuilder();
        for (String name : names) {
            files.append(' ').append(name.trim()).append(".pdf");
        }
        String cmd = "cd /srv/reports && zip -q bundle.zip" + files;
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", cmd});
    }

    public void convert(HttpServletRequest request) throws IOException {
        String source = request.getParameter("file");
        String target = source;
        target += ".png";
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        Runtime.getRuntime().exec("convert " + source + " " + target);
        String format = FORMATS.get(request.getParameter("format"));
        // ok: java/taint-command-injection
        // ok: java/command-injection
        Runtime.getRuntime().exec(RENDERER + " " + format);
        String level = String.format("--level=%d", Integer.parseInt(request.getParameter("level")));
        // ok: java/taint-command-injection
        new ProcessBuilder(RENDERER, level).start();
        ProcessBuilder builder = new ProcessBuilder();
        String job = request.getParameter("job");
        // ok: java/taint-command-injection
        builder.command("/usr/bin/at", "-f", job.replace("\\", "/"));
        String tool = request.getParameter("tool");
        // ruleid: java/taint-command-injection
        builder.command(tool, "--version");
        tool = "pdfinfo";
        // ok: java/taint-command-injection
        builder.command(tool, "--version");
        // ruleid: java/command-injection
        // ruleid: java/taint-command-injection
        builder.command("bash", "-c", "at -f " + job);
        // ok: java/taint-command-injection
        new ProcessBuilder(List.of("pdfinfo", "/srv/reports/" + job)).start();
        // ruleid: java/taint-command-injection
        new ProcessBuilder(List.of("/bin/sh", "-c", "pdfinfo " + job)).start();
        String[] argv = {"/bin/sh", "-c", "lpr " + job};
        // ruleid: java/taint-command-injection
        new ProcessBuilder(argv).start();
        if (false) {
            // ok: java/command-injection
            // ok: java/taint-command-injection
            Runtime.getRuntime().exec(new String[] {"sh", "-c", request.getParameter("debug")});
        }
    }

    public void cron(String schedule) throws IOException {
        // ok: java/taint-command-injection
        new ProcessBuilder("crontab", schedule).start();
    }
}

// Input from the machine and from other machines: the environment, system properties, standard
// input, a file, a socket, a database row.
class LocalInputTool {
    void fromEnvironment() throws Exception {
        String dir = System.getenv("BACKUP_DIR");
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        Runtime.getRuntime().exec("tar czf /tmp/b.tgz " + dir);
    }

    void fromStandardInput() throws Exception {
        java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(System.in, "UTF-8"));
        String host = reader.readLine();
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        new ProcessBuilder("/bin/sh", "-c", "ping -c1 " + host).start();
    }

    void fromSocket(java.net.Socket socket) throws Exception {
        java.io.BufferedReader reader = new java.io.BufferedReader(new java.io.InputStreamReader(socket.getInputStream(), "UTF-8"));
        String job = reader.readLine();
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        Runtime.getRuntime().exec("run-job " + job);
    }

    void fromDatabase(java.sql.ResultSet resultSet) throws Exception {
        String script = resultSet.getString(1);
        // ruleid: java/taint-command-injection
        // ruleid: java/command-injection
        Runtime.getRuntime().exec("sh " + script);
    }

    void fixed() throws Exception {
        String dir = "/var/backups";
        // ok: java/taint-command-injection
        Runtime.getRuntime().exec("tar czf /tmp/b.tgz " + dir);
    }
}
