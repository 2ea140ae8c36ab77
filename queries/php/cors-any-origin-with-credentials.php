<?php

function api_headers()
{
    // ruleid: php/taint-cors-origin-reflected
    header('Access-Control-Allow-Origin: ' . $_SERVER['HTTP_ORIGIN']);
    header('Access-Control-Allow-Credentials: true');
}

function checked_headers(array $trusted)
{
    $origin = $_SERVER['HTTP_ORIGIN'] ?? '';
    if (in_array($origin, $trusted, true)) {
        // ok: php/taint-cors-origin-reflected
        header('Access-Control-Allow-Origin: ' . $origin);
    }
    // ok: php/taint-cors-origin-reflected
    header('Access-Control-Allow-Origin: https://app.example.com');
    $reflected = $_SERVER['HTTP_ORIGIN'];
    // ruleid: php/taint-cors-origin-reflected
    header("Access-Control-Allow-Origin: $reflected");
}

// ruleid: php/cors-any-origin-with-credentials
$config = [
    'paths' => ['api/*'],
    'allowed_origins' => ['*'],
    'supports_credentials' => true,
];

// ok: php/cors-any-origin-with-credentials
$public = [
    'paths' => ['public/*'],
    'allowed_origins' => ['*'],
    'supports_credentials' => false,
];
