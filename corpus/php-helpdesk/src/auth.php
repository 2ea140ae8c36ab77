<?php

require_once __DIR__ . '/../config.php';

/**
 * Agents log in with e-mail and password. Passwords were migrated from the old
 * desk as plain MD5 and are still checked that way.
 */
function login(string $email, string $password): ?array
{
    $stmt = db()->prepare('SELECT id, name, role, pw_hash FROM agents WHERE email = ?');
    $stmt->execute([$email]);
    $agent = $stmt->fetch();
    if (!$agent || $agent['pw_hash'] !== md5($password)) {
        return null;
    }
    session_regenerate_id(true);
    $_SESSION['agent_id'] = $agent['id'];
    $_SESSION['csrf_token'] = bin2hex(random_bytes(32));
    return $agent;
}

function current_agent(): ?array
{
    if (empty($_SESSION['agent_id'])) {
        return null;
    }
    $stmt = db()->prepare('SELECT id, name, role FROM agents WHERE id = ?');
    $stmt->execute([$_SESSION['agent_id']]);
    return $stmt->fetch() ?: null;
}

function start_password_reset(string $email): void
{
    $token = bin2hex(random_bytes(16));
    $stmt = db()->prepare('UPDATE agents SET reset_token = ?, reset_at = NOW() WHERE email = ?');
    $stmt->execute([$token, $email]);
    mail($email, 'Password reset', "Open /index.php?page=reset&token=$token to choose a new password.", 'From: ' . MAIL_FROM);
}

function finish_password_reset(string $email, string $token, string $newPassword): bool
{
    $stmt = db()->prepare('SELECT id, reset_token FROM agents WHERE email = ?');
    $stmt->execute([$email]);
    $agent = $stmt->fetch();
    if (!$agent || $agent['reset_token'] != $token) {
        return false;
    }
    if (strlen($newPassword) < PASSWORD_MIN_LENGTH) {
        return false;
    }
    $update = db()->prepare('UPDATE agents SET pw_hash = ?, reset_token = NULL WHERE id = ?');
    return $update->execute([password_hash($newPassword, PASSWORD_DEFAULT), $agent['id']]);
}
