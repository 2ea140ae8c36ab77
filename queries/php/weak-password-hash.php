<?php

function register(PDO $pdo, string $email, string $password): void
{
    // ruleid: php/weak-password-hash
    $hash = md5($password);
    $pdo->prepare('INSERT INTO users (email, pw) VALUES (?, ?)')->execute([$email, $hash]);
}

function check_login(array $user): bool
{
    // ruleid: php/weak-password-hash
    return $user['pw'] === sha1($user['salt'] . $_POST['pass']);
}

function legacy($password)
{
    // ruleid: php/weak-password-hash
    return hash('md5', $password);
}

function fine(string $password, string $path, array $user)
{
    // ok: php/weak-password-hash
    $hash = password_hash($password, PASSWORD_DEFAULT);
    // ok: php/weak-password-hash
    $etag = md5_file($path);
    // ok: php/weak-password-hash
    $cacheKey = md5($path . $user['id']);
    // ok: php/weak-password-hash
    $digest = hash('sha256', $password);
    // ok: php/weak-password-hash
    $ok = password_verify($password, $user['pw']);
    // ok: php/weak-password-hash
    $gravatar = md5(strtolower(trim($user['email'])));
    // ok: php/weak-password-hash
    $bcrypt = crypt($password, '$2y$12$' . bin2hex(random_bytes(11)));
    return [$hash, $etag, $cacheKey, $digest, $ok, $gravatar, $bcrypt];
}
