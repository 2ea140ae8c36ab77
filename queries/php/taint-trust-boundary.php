<?php

function impersonate()
{
    $name = $_GET['user'];
    // ruleid: php/taint-trust-boundary
    $_SESSION['user'] = $name;
}

function flag()
{
    // ruleid: php/taint-trust-boundary
    $_SESSION[$_POST['key']] = true;
}

function role()
{
    $role = trim($_POST['role'] ?? 'viewer');
    // ruleid: php/taint-trust-boundary
    $_SESSION['is_admin'] = $role;
}

function login($db)
{
    $user = User::findByEmail($_POST['email']);
    if ($user && password_verify($_POST['password'], $user->hash)) {
        // ok: php/taint-trust-boundary
        $_SESSION['user'] = $user;
        // ok: php/taint-trust-boundary
        $_SESSION['logged_in'] = password_verify($_POST['password'], $user->hash);
    }
}

function prefs()
{
    // A preference the client may choose is not trusted state.
    // ok: php/taint-trust-boundary
    $_SESSION['lang'] = $_GET['lang'] ?? 'en';
    // ok: php/taint-trust-boundary
    $_SESSION['cart'][] = $_POST['item'];
}

function other()
{
    $store = [];
    // ok: php/taint-trust-boundary
    $store['user'] = $_GET['user'];
    // ok: php/taint-trust-boundary
    $_SESSION['user_id'] = (int) $_GET['id'] > 0 ? 'guest' : 'none';
}
