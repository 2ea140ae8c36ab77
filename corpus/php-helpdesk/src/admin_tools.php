<?php

require_once __DIR__ . '/../config.php';

/**
 * Connectivity check shown on the admin page: pings a customer's mail host.
 */
function admin_ping(string $host): string
{
    $output = shell_exec('ping -c 3 -W 2 ' . $host . ' 2>&1');
    return $output ?: 'no output';
}

/**
 * Same check, but for the configured database host; the host is escaped.
 */
function admin_ping_db(): string
{
    $host = parse_url(str_replace('mysql:', 'mysql://', DB_DSN), PHP_URL_HOST) ?: '127.0.0.1';
    return (string) shell_exec('ping -c 1 ' . escapeshellarg($host));
}

function admin_disk_usage(): string
{
    return (string) shell_exec('df -h /var/lib/mysql');
}

/**
 * Posts a short message to the team chat when a ticket is escalated.
 */
function admin_notify_chat(array $ticket): bool
{
    $payload = json_encode([
        'text' => sprintf('Ticket #%d escalated: %s', $ticket['id'], $ticket['subject']),
    ]);
    $ch = curl_init(WEBHOOK_URL);
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, $payload);
    curl_setopt($ch, CURLOPT_HTTPHEADER, ['Content-Type: application/json']);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    // The chat server uses a self-signed certificate.
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    curl_setopt($ch, CURLOPT_TIMEOUT, 5);
    $ok = curl_exec($ch) !== false;
    curl_close($ch);
    return $ok;
}
