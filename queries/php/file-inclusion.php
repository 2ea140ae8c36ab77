<?php

$page = $_GET['page'] ?? 'home';
// ruleid: php/taint-path-traversal
// ruleid: php/file-inclusion
include 'pages/' . $page . '.php';

function load_module(string $module)
{
    // ruleid: php/file-inclusion
    require_once "modules/$module/bootstrap.php";
}

function render_lang()
{
    // ruleid: php/taint-path-traversal
    // ruleid: php/file-inclusion
    include_once __DIR__ . '/lang/' . $_COOKIE['lang'] . '.php';
    // ruleid: php/taint-path-traversal
    // ruleid: php/file-inclusion
    require $_REQUEST['template'];
}

spl_autoload_register(function ($class) {
    $file = __DIR__ . '/src/' . str_replace('\\', '/', $class) . '.php';
    if (is_file($file)) {
        // ok: php/file-inclusion
        require $file;
    }
});

// ok: php/file-inclusion
require_once __DIR__ . '/vendor/autoload.php';
// ok: php/file-inclusion
include 'partials/header.php';
// ok: php/file-inclusion
require_once dirname(__FILE__) . "/config.php";
// ok: php/file-inclusion
$pages = ['home' => 'pages/home.php', 'about' => 'pages/about.php'];
// ok: php/file-inclusion
include $pages[$page] ?? 'pages/404.php';
