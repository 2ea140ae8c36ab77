<?php

function fetch_rates(string $url): string
{
    $ch = curl_init($url);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    // ruleid: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, false);
    // ruleid: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 0);
    $body = curl_exec($ch);
    curl_close($ch);
    return $body;
}

function post_webhook(string $url, array $payload)
{
    $ch = curl_init($url);
    curl_setopt_array($ch, [
        CURLOPT_POST => true,
        CURLOPT_POSTFIELDS => json_encode($payload),
        // ruleid: php/tls-verification-disabled
        CURLOPT_SSL_VERIFYPEER => FALSE,
    ]);
    return curl_exec($ch);
}

function insecure_stream(string $url)
{
    $ctx = stream_context_create(['ssl' => [
        // ruleid: php/tls-verification-disabled
        'verify_peer' => false,
        // ruleid: php/tls-verification-disabled
        'allow_self_signed' => true,
    ]]);
    // ruleid: php/tls-verification-disabled
    $client = new \GuzzleHttp\Client(['base_uri' => $url, 'verify' => false]);
    return [file_get_contents($url, false, $ctx), $client];
}

function secure(string $url, bool $debug)
{
    $ch = curl_init($url);
    // ok: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, true);
    // ok: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYHOST, 2);
    // ok: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_FOLLOWLOCATION, false);
    // ok: php/tls-verification-disabled
    curl_setopt($ch, CURLOPT_SSL_VERIFYPEER, $debug ? false : true);
    // ok: php/tls-verification-disabled
    $ctx = stream_context_create(['ssl' => ['verify_peer' => true, 'cafile' => '/etc/ssl/ca.pem']]);
    // ok: php/tls-verification-disabled
    $opts = ['verified' => false, 'allow_self_signed' => false];
    return [$ch, $ctx, $opts];
}
