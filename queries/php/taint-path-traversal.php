<?php

define('PAGES', __DIR__ . '/pages');

// Direct: a page name from the query joined onto a directory.
$page = $_GET['page'];
// ruleid: php/taint-path-traversal
echo file_get_contents(PAGES . '/' . $page . '.md');
// ok: php/taint-path-traversal
echo file_get_contents(PAGES . '/' . basename($page) . '.md');

// Included: local file inclusion through a cookie.
$skin = $_COOKIE['skin'] ?? 'default';
// ruleid: php/taint-path-traversal
// ruleid: php/file-inclusion
include __DIR__ . "/skins/$skin/header.php";
// ok: php/taint-path-traversal
require_once __DIR__ . '/lib/bootstrap.php';

// An allow-list of templates indexed by the request.
$templates = ['home' => 'home.php', 'about' => 'about.php'];
$template = $templates[$_GET['t'] ?? 'home'] ?? 'home.php';
// ok: php/taint-path-traversal
// ok: php/file-inclusion
include __DIR__ . '/templates/' . $template;

// Spaces replaced, then the name used as a path.
$name = str_replace(' ', '_', $_REQUEST['name']);
$path = "/var/wiki/$name.txt";
// ruleid: php/taint-path-traversal
$fh = fopen($path, 'r');
// ruleid: php/taint-path-traversal
readfile($path);
// ruleid: php/taint-path-traversal
unlink($path);

// The client's file name of an upload picks the destination.
$upload = $_FILES['doc'];
$dest = '/var/uploads/' . $upload['name'];
// ruleid: php/taint-path-traversal, php/taint-unrestricted-upload
move_uploaded_file($upload['tmp_name'], $dest);
$safeDest = '/var/uploads/' . basename($upload['name']);
// ok: php/taint-path-traversal
// ruleid: php/taint-unrestricted-upload
move_uploaded_file($upload['tmp_name'], $safeDest);
$generated = '/var/uploads/' . md5($upload['name']) . '.bin';
// ok: php/taint-path-traversal
file_put_contents($generated, 'data');

// Values kept in an array under constant keys.
$paths = ['log' => '/var/log/app.log', 'user' => $_GET['file']];
$log = $paths['log'];
// ok: php/taint-path-traversal
$contents = file($log);
// ruleid: php/taint-path-traversal
$contents = file($paths['user']);

// Segments pushed onto a list, then joined.
$segments = ['/var/data'];
array_push($segments, $_GET['sub']);
// ruleid: php/taint-path-traversal
$entries = scandir(implode('/', $segments));

// Overwritten with a constant.
$file = $_GET['file'];
$file = 'README.md';
// ok: php/taint-path-traversal
readfile(__DIR__ . '/' . $file);

if (false) {
    // ok: php/taint-path-traversal
    // ok: php/file-inclusion
    include $_GET['debug'];
}

// A numeric id is a safe part of a path.
$id = intval($_GET['id']);
// ok: php/taint-path-traversal
$fh = fopen("/var/invoices/$id.pdf", 'r');

// A literal URL is fetched, not opened from disk (the SSRF rule's concern).
$query = http_build_query(['q' => $_GET['q']]);
// ok: php/taint-path-traversal
$html = file_get_contents('https://search.example.com/?' . $query);

function attachment(Request $request)
{
    $name = $request->get('name');
    // ruleid: php/taint-path-traversal
    $file = new SplFileObject(sprintf('%s/attachments/%s', STORAGE, $name));
    // ruleid: php/taint-path-traversal
    return file_get_contents("/var/attachments/{$name}");
}

function cached($key)
{
    // ok: php/taint-path-traversal
    return file_get_contents(CACHE_DIR . '/' . $key);
}

$app->get('/files/{name}', function ($request, $response, $args) {
    // ruleid: php/taint-path-traversal
    $response->getBody()->write(file_get_contents('/srv/files/' . $args['name']));
    return $response;
});
