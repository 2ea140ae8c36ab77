package com.acme.ops;

import java.io.IOException;
import java.util.List;

public class DiagnosticsService {

    private static final String UPTIME_CMD = "uptime";

    public Process ping(String host) throws IOException {
        // ruleid: java/command-injection
        return Runtime.getRuntime().exec("ping -c 3 " + host);
    }

    public Process traceroute(String host) throws IOException {
        String cmd = "traceroute " + host;
        Runtime rt = Runtime.getRuntime();
        // ruleid: java/command-injection
        return rt.exec(cmd);
    }

    public Process lookup(String domain) throws IOException {
        // ruleid: java/command-injection
        return Runtime.getRuntime().exec(new String[] {"/bin/sh", "-c", "nslookup " + domain});
    }

    public Process grepLogs(String pattern) throws IOException {
        // ruleid: java/command-injection
        ProcessBuilder pb = new ProcessBuilder("bash", "-c", "grep " + pattern + " /var/log/app.log");
        return pb.start();
    }

    public Process diskUsage(String dir) throws IOException {
        ProcessBuilder pb = new ProcessBuilder();
        // ruleid: java/command-injection
        pb.command("sh", "-c", String.format("du -sh %s", dir));
        return pb.start();
    }

    // --- safe look-alikes ---
    public void safe(String host, List<String> args, CommandExecutor executor) throws IOException {
        // ok: java/command-injection
        Runtime.getRuntime().exec("uptime");
        // ok: java/command-injection
        Runtime.getRuntime().exec(UPTIME_CMD);
        // ok: java/command-injection
        Runtime.getRuntime().exec(new String[] {"ping", "-c", "3", host});
        // ok: java/command-injection
        new ProcessBuilder("ping", "-c", "3", host).start();
        // ok: java/command-injection
        new ProcessBuilder("sh", "-c", "df -h | tail -n +2").start();
        // ok: java/command-injection
        executor.exec("ping " + host);
        // ok: java/command-injection
        Runtime.getRuntime().exec(args.toArray(new String[0]));
        // ok: java/command-injection
        exec(host, null, null);
        String[] cmdArray = {"ping", "-c", "3", host};
        // ok: java/command-injection
        Runtime.getRuntime().exec(cmdArray);
    }

    private Process exec(String command, String[] envp, java.io.File dir) {
        return null;
    }
}
