<?php

// XPath over a DOM document.
$doc = new DOMDocument();
$doc->load(__DIR__ . '/acl.xml');
$xpath = new DOMXPath($doc);
$page = $_GET['page'];
// ruleid: php/taint-xpath-injection
$nodes = $xpath->query("//page[@name='$page']/editor");
// ruleid: php/taint-xpath-injection
$count = $xpath->evaluate(sprintf("count(//page[@name='%s'])", $page));
// ok: php/taint-xpath-injection
$pages = $xpath->query('//page');

// Entities for both quotes keep the value inside its literal (PHP 8.1's default flags do too);
// ldap_escape keeps `'`, and so does ENT_COMPAT.
$escaped = htmlspecialchars($page, ENT_QUOTES | ENT_XML1);
// ok: php/taint-xpath-injection
$nodes = $xpath->query("//page[@name='$escaped']/editor");
// ruleid: php/taint-xpath-injection
$nodes = $xpath->query("//page[@name='" . ldap_escape($page, '', LDAP_ESCAPE_FILTER) . "']/editor");
// ok: php/taint-xpath-injection
$nodes = $xpath->query("//page[@name='" . htmlspecialchars($page) . "']/editor");
// ruleid: php/taint-xpath-injection
$nodes = $xpath->query("//page[@name='" . htmlspecialchars($page, ENT_COMPAT) . "']/editor");

// SimpleXML.
$xml = simplexml_load_file(__DIR__ . '/users.xml');
$login = $_POST['login'];
// ruleid: php/taint-xpath-injection
$match = $xml->xpath("/users/user[login='" . $login . "']");

// A number, an allow-list, a constant entry.
$n = (int) $_GET['n'];
// ok: php/taint-xpath-injection
$nth = $xml->xpath("/users/user[$n]");
$roles = ['admin' => '/users/user[@role="admin"]', 'guest' => '/users/user[@role="guest"]'];
$byRole = $roles[$_GET['role']] ?? $roles['guest'];
// ok: php/taint-xpath-injection
$members = $xml->xpath($byRole);
$queries = ['all' => '//user', 'mine' => "//user[login='" . $_GET['me'] . "']"];
$everyone = $queries['all'];
// ok: php/taint-xpath-injection
$everybody = $xml->xpath($everyone);
$mine = $queries['mine'];
// ruleid: php/taint-xpath-injection
$me = $xml->xpath($mine);

// A SQL query is not an XPath expression.
$pdo = new PDO('sqlite::memory:');
// ruleid: php/sql-injection
// ok: php/taint-xpath-injection
// ruleid: php/taint-sql-injection
$rows = $pdo->query("SELECT * FROM pages WHERE name = '$page'");

function editors(DOMXPath $xpath, $name)
{
    // ok: php/taint-xpath-injection
    return $xpath->query("//page[@name='$name']/editor");
}
