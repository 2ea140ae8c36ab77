<?php

function load_cart(): array
{
    if (!isset($_COOKIE['cart'])) {
        return [];
    }
    // ruleid: php/taint-unsafe-deserialization
    // ruleid: php/unsafe-unserialize
    return unserialize(base64_decode($_COOKIE['cart']));
}

function restore_session($row)
{
    // ruleid: php/unsafe-unserialize
    $state = unserialize($row['payload'], ['allowed_classes' => true]);
    // ruleid: php/taint-unsafe-deserialization
    // ruleid: php/unsafe-unserialize
    $prefs = \unserialize($_POST['prefs']);
    return [$state, $prefs];
}

function safe_loads(string $raw, string $json)
{
    // ok: php/unsafe-unserialize
    $cart = unserialize($raw, ['allowed_classes' => false]);
    // ok: php/unsafe-unserialize
    $money = unserialize($raw, ['allowed_classes' => [Money::class]]);
    // ok: php/unsafe-unserialize
    $data = json_decode($json, true);
    // ok: php/unsafe-unserialize
    $blob = serialize($data);
    // ok: php/unsafe-unserialize
    $defaults = unserialize('a:0:{}');
    return [$cart, $money, $data, $blob, $defaults];
}
