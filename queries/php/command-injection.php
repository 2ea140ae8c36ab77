<?php

function ping_host(string $host): string
{
    // ruleid: php/command-injection
    return shell_exec("ping -c 1 " . $host);
}

function make_thumbnail(array $upload): void
{
    $target = 'thumbs/' . basename($upload['name']);
    // ruleid: php/command-injection
    exec("convert {$upload['tmp_name']} -resize 200x200 $target", $output, $status);
}

function disk_usage(): string
{
    $dir = $_GET['dir'];
    // ruleid: php/taint-command-injection
    // ruleid: php/command-injection
    return `du -sh $dir`;
}

function run_report($name)
{
    // ruleid: php/command-injection
    \system('php bin/report.php ' . $name);
    // ruleid: php/taint-command-injection
    // ruleid: php/command-injection
    $handle = popen($_POST['cmd'], 'r');
    return $handle;
}

function safe_calls(string $host): array
{
    // ok: php/command-injection
    exec('git rev-parse HEAD', $out);
    // ok: php/command-injection
    $uptime = shell_exec("uptime");
    // ok: php/command-injection
    system('ping -c 1 ' . escapeshellarg($host));
    // ok: php/command-injection
    $date = `date +%Y-%m-%d`;
    // ok: php/command-injection
    $ok = preg_match('/^[a-z]+$/', $host);
    // ok: php/command-injection
    $stmt = $pdo->exec($host);
    // ok: php/command-injection
    $msg = 'Run $cmd by hand';
    return [$out, $uptime, $date, $ok, $stmt, $msg];
}
