<?php

use Firebase\JWT\JWT;
use Firebase\JWT\Key;

function claims(string $jwt, string $key)
{
    // ruleid: php/jwt-unverified
    return JWT::decode($jwt, $key, ['HS256', 'none']);
}

function claims_v6(string $jwt, string $key)
{
    // ruleid: php/jwt-unverified
    return JWT::decode($jwt, new Key($key, 'none'));
}

function good(string $jwt, string $key)
{
    // ok: php/jwt-unverified
    $a = JWT::decode($jwt, new Key($key, 'RS256'));
    // ok: php/jwt-unverified
    $labels = ['none', 'low', 'high'];
    return $a;
}

// ruleid: php/jwt-unverified
$options = ['leeway' => 60, 'allowed_algs' => ['none']];
