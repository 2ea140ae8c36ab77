<?php

// ruleid: php/hardcoded-credentials
define('DB_PASSWORD', 'Pr0d-db#2023');

class MailerConfig
{
    public $host = 'smtp.mailgun.org';
    // ruleid: php/hardcoded-credentials
    private $apiKey = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
    // ruleid: php/hardcoded-credentials
    const CLIENT_SECRET = "c1a7f0e9b2d44e1b";
    // ok: php/hardcoded-credentials
    const PASSWORD_MIN_LENGTH = 12;
}

function connect(): PDO
{
    // ruleid: php/hardcoded-credentials
    $db_pass = 'toor!2020';
    // ruleid: php/hardcoded-credentials
    $legacy = mysqli_connect('localhost', 'root', 'S3cr3tRoot');
    // ruleid: php/hardcoded-credentials
    return new PDO('mysql:host=localhost;dbname=shop', 'shop', 'sh0p-pa55word');
}

$config = [
    'host' => 'localhost',
    // ruleid: php/hardcoded-credentials
    'password' => 'hunter2hunter2',
];

function safe(array $row)
{
    // ok: php/hardcoded-credentials
    $password = $_POST['password'] ?? '';
    // ok: php/hardcoded-credentials
    $secret = getenv('APP_SECRET');
    // ok: php/hardcoded-credentials
    $fields = ['password' => 'password', 'api_key' => 'api_key'];
    // ok: php/hardcoded-credentials
    $label = ['password' => 'Your password'];
    // ok: php/hardcoded-credentials
    define('DB_PASSWORD_ENV', 'DB_PASSWORD');
    // ok: php/hardcoded-credentials
    $pdo = new PDO(getenv('DSN'), getenv('DB_USER'), getenv('DB_PASSWORD'));
    // ok: php/hardcoded-credentials
    $db_password = '';
    // ok: php/hardcoded-credentials
    $apiKey = 'changeme';
    return [$password, $secret, $fields, $label, $pdo, $db_password, $apiKey, $row];
}
