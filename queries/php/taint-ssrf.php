<?php

// Direct: the posted URL fetched with the stream functions.
$url = $_POST['source_url'];
if (!preg_match('#^https?://#', $url)) {
    exit('bad scheme');
}
// ruleid: php/taint-ssrf
$body = file_get_contents($url);
// ruleid: php/taint-ssrf
$fh = fopen($url, 'rb');

// curl pointed at every URL a JSON body lists.
$payload = json_decode(file_get_contents('php://input'), true);
foreach ($payload['links'] as $link) {
    // ruleid: php/taint-ssrf
    $ch = curl_init($link);
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    $status[$link] = curl_exec($ch);
}

// Set through curl_setopt and curl_setopt_array.
$target = trim($_GET['target']);
$ch = curl_init();
// ruleid: php/taint-ssrf
curl_setopt($ch, CURLOPT_URL, $target);
// ruleid: php/taint-ssrf
curl_setopt_array($ch, [CURLOPT_URL => "http://{$target}/health", CURLOPT_TIMEOUT => 5]);
// ok: php/taint-ssrf
curl_setopt($ch, CURLOPT_USERAGENT, $target);

// A fixed host with a request value in the path or the query only.
$q = $_GET['q'];
// ok: php/taint-ssrf
$ch = curl_init('https://api.example.com/search?q=' . urlencode($q));
// ok: php/taint-ssrf
$json = file_get_contents("https://api.example.com/users/$q");

// Hosts picked from an allow-list.
$mirrors = ['eu' => 'https://eu.example.com', 'us' => 'https://us.example.com'];
$mirror = $mirrors[$_GET['region']] ?? $mirrors['eu'];
// ok: php/taint-ssrf
$ch = curl_init($mirror);

// A container holding the request value next to a constant endpoint.
$endpoints = ['status' => 'https://status.example.com/ping', 'user' => $_GET['callback']];
$ping = $endpoints['status'];
// ok: php/taint-ssrf
$ch = curl_init($ping);
$callback = $endpoints['user'];
// ruleid: php/taint-ssrf
$ch = curl_init($callback);

// Overwritten, and only in a dead branch.
$feed = $_GET['feed'];
$feed = FEED_URL;
// ok: php/taint-ssrf
$xml = file_get_contents($feed);
if (false) {
    // ok: php/taint-ssrf
    $xml = file_get_contents($_GET['feed']);
}

// A header from the client chooses the host.
$forwarded = $_SERVER['HTTP_X_FORWARDED_HOST'];
// ruleid: php/taint-ssrf
$sock = fsockopen($forwarded, 80);

function fetch_avatar(Request $request)
{
    $avatar = $request->input('avatar_url');
    $client = new GuzzleHttp\Client();
    // ruleid: php/taint-ssrf
    return $client->request('GET', $avatar);
}

function fetch_config($configUrl)
{
    // ok: php/taint-ssrf
    return file_get_contents($configUrl);
}

// `?:` gives the condition itself when it is set.
$payload = json_decode(file_get_contents('php://input'), true) ?: [];
// ruleid: php/taint-ssrf
// ruleid: php/taint-path-traversal
$page = file_get_contents($payload['url']);
