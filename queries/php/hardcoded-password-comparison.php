<?php

function login()
{
    // ruleid: php/hardcoded-password-comparison
    if ($_POST['password'] == 'Tr0ub4dor&3') {
        return true;
    }
    $apiKey = $_SERVER['HTTP_X_API_KEY'];
    // ruleid: php/hardcoded-password-comparison
    if ('k3y-9f8e7d6c5b4a' !== $apiKey) {
        return false;
    }
    $hash = md5($_POST['pin']);
    // ruleid: php/hardcoded-password-comparison
    return $hash === '5f4dcc3b5aa765d61d8327deb882cf99';
}

function checks($user, $password)
{
    // ok: php/hardcoded-password-comparison
    if ($password === '') {
        return false;
    }
    // ok: php/hardcoded-password-comparison
    if ($user->role == 'administrator') {
        return true;
    }
    // ok: php/hardcoded-password-comparison
    return password_verify($password, $user->password_hash);
}
