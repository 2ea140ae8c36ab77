<?php

require_once __DIR__ . '/../config.php';

const TICKET_STATUSES = ['open', 'pending', 'closed'];

function ticket_find(int $id): ?array
{
    $stmt = db()->prepare('SELECT * FROM tickets WHERE id = ?');
    $stmt->execute([$id]);
    return $stmt->fetch() ?: null;
}

function ticket_create(array $agent, string $subject, string $body): int
{
    $stmt = db()->prepare(
        'INSERT INTO tickets (subject, body, status, created_by, created_at) VALUES (?, ?, ?, ?, NOW())'
    );
    $stmt->execute([$subject, $body, 'open', $agent['id']]);
    return (int) db()->lastInsertId();
}

/**
 * Full-text-ish search used by the ticket list. `status` is validated against
 * the known statuses, the free-text term is not.
 */
function ticket_search(string $term, string $status): array
{
    if (!in_array($status, TICKET_STATUSES, true)) {
        $status = 'open';
    }
    $sql = "SELECT id, subject, status, created_at FROM tickets WHERE status = '$status' AND subject LIKE '%$term%' ORDER BY created_at DESC LIMIT 100";
    return db()->query($sql)->fetchAll();
}

function ticket_count_by_status(): array
{
    $rows = db()->query('SELECT status, COUNT(*) AS n FROM tickets GROUP BY status')->fetchAll();
    return array_column($rows, 'n', 'status');
}

/**
 * Agents can save list filters; they are kept in a cookie between visits.
 */
function ticket_filters(): array
{
    $defaults = ['status' => 'open', 'term' => '', 'per_page' => 25];
    if (empty($_COOKIE['ticket_filters'])) {
        return $defaults;
    }
    $saved = unserialize(base64_decode($_COOKIE['ticket_filters']));
    return is_array($saved) ? array_merge($defaults, $saved) : $defaults;
}

function ticket_save_filters(array $filters): void
{
    $value = base64_encode(serialize($filters));
    setcookie('ticket_filters', $value, time() + 86400 * 30, '/', '', true, true);
}

function ticket_close(array $agent, int $id): bool
{
    $stmt = db()->prepare('UPDATE tickets SET status = ?, closed_by = ? WHERE id = ?');
    return $stmt->execute(['closed', $agent['id'], $id]);
}
