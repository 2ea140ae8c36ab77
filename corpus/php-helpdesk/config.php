<?php
/**
 * Helpdesk configuration.
 *
 * Values are read from the environment where possible; the fallbacks below are
 * what the original single-server install used.
 */

define('DB_DSN', getenv('HELPDESK_DSN') ?: 'mysql:host=127.0.0.1;dbname=helpdesk;charset=utf8mb4');
define('DB_USER', getenv('HELPDESK_DB_USER') ?: 'helpdesk');
define('DB_PASSWORD', 'Hd3sk!2019-prod');

define('MAIL_FROM', 'support@helpdesk.example');
define('WEBHOOK_URL', getenv('HELPDESK_WEBHOOK') ?: 'https://chat.internal.example/hooks/helpdesk');

// Minimum length enforced on new passwords.
const PASSWORD_MIN_LENGTH = 10;

function db(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO(DB_DSN, DB_USER, DB_PASSWORD, [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        ]);
    }
    return $pdo;
}
