<?php

function start_password_reset(PDO $pdo, array $user): string
{
    // ruleid: php/insecure-random-token
    $token = md5(uniqid(mt_rand(), true));
    $pdo->prepare('UPDATE users SET reset_token = ? WHERE id = ?')->execute([$token, $user['id']]);
    return $token;
}

class AccountService
{
    public function activate($user)
    {
        // ruleid: php/insecure-random-token
        $user->activation_code = substr(str_shuffle('ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), 0, 8);
        return [
            'id' => $user->id,
            // ruleid: php/insecure-random-token
            'csrf_token' => sha1(rand() . microtime()),
        ];
    }

    public function generateApiKey(): string
    {
        // ruleid: php/insecure-random-token
        return 'ak_' . bin2hex(uniqid('', true));
    }

    public function fine(array $items)
    {
        // ok: php/insecure-random-token
        $token = bin2hex(random_bytes(32));
        // ok: php/insecure-random-token
        $pick = $items[array_rand($items)];
        // ok: php/insecure-random-token
        $delay = mt_rand(100, 500);
        // ok: php/insecure-random-token
        $tokenCount = rand(1, 10);
        // ok: php/insecure-random-token
        $otp = random_int(100000, 999999);
        // ok: php/insecure-random-token
        $_SESSION['csrf_token'] = bin2hex(random_bytes(16));
        return [$token, $pick, $delay, $tokenCount, $otp];
    }
}
