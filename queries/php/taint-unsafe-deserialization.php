<?php

// Direct: a cookie unserialized.
// ruleid: php/taint-unsafe-deserialization
// ruleid: php/unsafe-unserialize
$prefs = unserialize($_COOKIE['prefs']);

// Through base64 first.
$draft = base64_decode($_COOKIE['wiki_draft']);
// ruleid: php/taint-unsafe-deserialization
// ruleid: php/unsafe-unserialize
$state = unserialize($draft);

// With classes refused, only arrays and scalars come back.
// ok: php/taint-unsafe-deserialization
$safe = unserialize($draft, ['allowed_classes' => false]);
// ruleid: php/taint-unsafe-deserialization
// ruleid: php/unsafe-unserialize
$unsafe = unserialize($draft, ['allowed_classes' => true]);

// JSON is data only.
// ok: php/taint-unsafe-deserialization
$data = json_decode($_POST['data'], true);

// The raw body, and a field of a posted form in a loop.
$raw = file_get_contents('php://input');
// ruleid: php/taint-unsafe-deserialization
// ruleid: php/unsafe-unserialize
$object = unserialize($raw);
foreach ($_POST['items'] as $item) {
    // ruleid: php/taint-unsafe-deserialization
    // ruleid: php/unsafe-unserialize
    $cart[] = unserialize(stripslashes($item));
}

// A cached value from the server's own store, a constant entry, a reset, a dead branch.
$cached = apcu_fetch('settings');
// ok: php/taint-unsafe-deserialization
// ok: php/unsafe-unserialize
$settings = unserialize($cached);
$blobs = ['default' => serialize([]), 'user' => $_POST['blob']];
$default = $blobs['default'];
// ok: php/taint-unsafe-deserialization
// ok: php/unsafe-unserialize
$empty = unserialize($default);
$blob = $_POST['blob'];
$blob = 'a:0:{}';
// ok: php/taint-unsafe-deserialization
// ok: php/unsafe-unserialize
$none = unserialize($blob);
if (false) {
    // ok: php/taint-unsafe-deserialization
    // ok: php/unsafe-unserialize
    $x = unserialize($_POST['blob']);
}

class SessionController
{
    public function restore(Request $request)
    {
        $payload = $request->cookies->get('session_state');
        $decoded = gzuncompress(base64_decode($payload));
        // ruleid: php/taint-unsafe-deserialization
        // ruleid: php/unsafe-unserialize
        return unserialize($decoded);
    }

    public function load($serialized)
    {
        // ok: php/taint-unsafe-deserialization
        // ruleid: php/unsafe-unserialize
        return unserialize($serialized);
    }
}
