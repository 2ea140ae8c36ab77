<?php

use Firebase\JWT\JWT;
use Firebase\JWT\Key;

function sign_webhook(string $body): string
{
    // ruleid: php/hardcoded-crypto-key
    return hash_hmac('sha256', $body, 'webhook-signing-secret');
}

function seal(string $data, string $iv): string
{
    // ruleid: php/hardcoded-crypto-key
    return openssl_encrypt($data, 'aes-128-cbc', '0123456789abcdef', 0, $iv);
}

function issue(array $claims): string
{
    // ruleid: php/hardcoded-crypto-key
    return JWT::encode($claims, 'super-secret-jwt-key', 'HS256');
}

function read(string $jwt)
{
    // ruleid: php/hardcoded-crypto-key
    return JWT::decode($jwt, new Key('super-secret-jwt-key', 'HS256'));
}

function good(string $body, array $claims): array
{
    $key = getenv('APP_KEY');
    // ok: php/hardcoded-crypto-key
    $mac = hash_hmac('sha256', $body, $key);
    // ok: php/hardcoded-crypto-key
    $jwt = JWT::encode($claims, $key, 'HS256');
    return [$mac, $jwt];
}
