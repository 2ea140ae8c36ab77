<?php

$ldap = ldap_connect('ldap://ldap.example.com');

// Direct: a user name concatenated into an LDAP filter.
$user = strtolower($_GET['user']);
// ruleid: php/taint-ldap-xpath-injection
$result = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(uid=' . $user . ')');
// ok: php/taint-ldap-xpath-injection
$result = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(uid=' . ldap_escape($user, '', LDAP_ESCAPE_FILTER) . ')');

// Formatted into the filter of ldap_list and ldap_read.
$group = $_POST['group'];
$filter = sprintf('(&(objectClass=group)(cn=%s))', $group);
// ruleid: php/taint-ldap-xpath-injection
$groups = ldap_list($ldap, 'ou=groups,dc=example,dc=com', $filter);
// ruleid: php/taint-ldap-xpath-injection
$entry = ldap_read($ldap, 'cn=admins,ou=groups,dc=example,dc=com', "(member=uid=$group)");
// ok: php/taint-ldap-xpath-injection
$all = ldap_list($ldap, 'ou=groups,dc=example,dc=com', '(objectClass=group)');

// Filters built from a list of attributes in a loop.
$parts = [];
foreach ($_GET['attrs'] as $attr => $value) {
    $parts[] = "($attr=$value)";
}
// ruleid: php/taint-ldap-xpath-injection
$found = ldap_search($ldap, 'dc=example,dc=com', '(&' . implode('', $parts) . ')');

// XPath over a DOM document.
$doc = new DOMDocument();
$doc->load(__DIR__ . '/acl.xml');
$xpath = new DOMXPath($doc);
$page = $_GET['page'];
// ruleid: php/taint-ldap-xpath-injection
$nodes = $xpath->query("//page[@name='$page']/editor");
// ruleid: php/taint-ldap-xpath-injection
$count = $xpath->evaluate(sprintf("count(//page[@name='%s'])", $page));
// ok: php/taint-ldap-xpath-injection
$pages = $xpath->query('//page');

// SimpleXML.
$xml = simplexml_load_file(__DIR__ . '/users.xml');
$login = $_POST['login'];
// ruleid: php/taint-ldap-xpath-injection
$match = $xml->xpath("/users/user[login='" . $login . "']");

// A number, an allow-list, a constant entry, a reset value, a dead branch.
$n = (int) $_GET['n'];
// ok: php/taint-ldap-xpath-injection
$nth = $xml->xpath("/users/user[$n]");
$roles = ['admin' => '/users/user[@role="admin"]', 'guest' => '/users/user[@role="guest"]'];
$byRole = $roles[$_GET['role']] ?? $roles['guest'];
// ok: php/taint-ldap-xpath-injection
$members = $xml->xpath($byRole);
$queries = ['all' => '//user', 'mine' => "//user[login='" . $_GET['me'] . "']"];
$everyone = $queries['all'];
// ok: php/taint-ldap-xpath-injection
$everybody = $xml->xpath($everyone);
$mine = $queries['mine'];
// ruleid: php/taint-ldap-xpath-injection
$me = $xml->xpath($mine);
$uid = $_GET['uid'];
$uid = 'guest';
// ok: php/taint-ldap-xpath-injection
$guest = ldap_search($ldap, 'dc=example,dc=com', "(uid=$uid)");
if (false) {
    // ok: php/taint-ldap-xpath-injection
    $debug = ldap_search($ldap, 'dc=example,dc=com', '(uid=' . $_GET['uid'] . ')');
}

// A SQL query is not an XPath expression.
$pdo = new PDO('sqlite::memory:');
// ruleid: php/sql-injection
// ok: php/taint-ldap-xpath-injection
// ruleid: php/taint-sql-injection
$rows = $pdo->query("SELECT * FROM pages WHERE name = '$page'");

function editors(DOMXPath $xpath, $name)
{
    // ok: php/taint-ldap-xpath-injection
    return $xpath->query("//page[@name='$name']/editor");
}

class DirectoryController
{
    public function lookup(Request $request)
    {
        $mail = $request->input('mail');
        // ruleid: php/taint-ldap-xpath-injection
        return ldap_search($this->ldap, 'dc=example,dc=com', "(mail=$mail)");
    }
}
