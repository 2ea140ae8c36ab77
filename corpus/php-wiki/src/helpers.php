<?php

/**
 * Sends a JSON document and ends the response body.
 */
function json_response(array $data, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json; charset=utf-8');
    echo json_encode($data, JSON_UNESCAPED_SLASHES);
}

/**
 * Sends plain text (page sources, logs) that browsers must not render as HTML.
 */
function send_text(string $text): void
{
    header('Content-Type: text/plain; charset=utf-8');
    header('X-Content-Type-Options: nosniff');
    echo $text;
}

function require_admin(): void
{
    if (empty($_SESSION['is_admin'])) {
        json_response(['error' => 'administrators only'], 403);
        exit;
    }
}
