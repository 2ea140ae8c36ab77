<?php

$ldap = ldap_connect('ldap://ldap.example.com');

// Direct: a user name concatenated into an LDAP filter.
$user = strtolower($_GET['user']);
// ruleid: php/taint-ldap-injection
$result = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(uid=' . $user . ')');
// ok: php/taint-ldap-injection
$result = ldap_search($ldap, 'ou=people,dc=example,dc=com', '(uid=' . ldap_escape($user, '', LDAP_ESCAPE_FILTER) . ')');

// Formatted into the filter of ldap_list and ldap_read.
$group = $_POST['group'];
$filter = sprintf('(&(objectClass=group)(cn=%s))', $group);
// ruleid: php/taint-ldap-injection
$groups = ldap_list($ldap, 'ou=groups,dc=example,dc=com', $filter);
// ruleid: php/taint-ldap-injection
$entry = ldap_read($ldap, 'cn=admins,ou=groups,dc=example,dc=com', "(member=uid=$group)");
// ok: php/taint-ldap-injection
$all = ldap_list($ldap, 'ou=groups,dc=example,dc=com', '(objectClass=group)');

// Filters built from a list of attributes in a loop.
$parts = [];
foreach ($_GET['attrs'] as $attr => $value) {
    $parts[] = "($attr=$value)";
}
// ruleid: php/taint-ldap-injection
$found = ldap_search($ldap, 'dc=example,dc=com', '(&' . implode('', $parts) . ')');

// A reset value, a dead branch.
$uid = $_GET['uid'];
$uid = 'guest';
// ok: php/taint-ldap-injection
$guest = ldap_search($ldap, 'dc=example,dc=com', "(uid=$uid)");
if (false) {
    // ok: php/taint-ldap-injection
    $debug = ldap_search($ldap, 'dc=example,dc=com', '(uid=' . $_GET['uid'] . ')');
}

// ldap_escape's flags say what it escapes: none escapes every character, LDAP_ESCAPE_FILTER a
// filter's; LDAP_ESCAPE_DN alone keeps `*`, `(` and `)`, and so do characters it is told to keep.
$mail = $_GET['mail'];
// ok: php/taint-ldap-injection
$byMail = ldap_search($ldap, 'dc=example,dc=com', '(mail=' . ldap_escape($mail) . ')');
// ok: php/taint-ldap-injection
$byMail = ldap_search($ldap, 'dc=example,dc=com', '(mail=' . ldap_escape($mail, null, LDAP_ESCAPE_FILTER | LDAP_ESCAPE_DN) . ')');
// ruleid: php/taint-ldap-injection
$byMail = ldap_search($ldap, 'dc=example,dc=com', '(mail=' . ldap_escape($mail, '', LDAP_ESCAPE_DN) . ')');
// ruleid: php/taint-ldap-injection
$byMail = ldap_search($ldap, 'dc=example,dc=com', '(mail=' . ldap_escape($mail, '*', LDAP_ESCAPE_FILTER) . ')');
// An HTML/XML escaper keeps them too.
$shown = htmlspecialchars($mail, ENT_QUOTES | ENT_XML1);
// ruleid: php/taint-ldap-injection
$byMail = ldap_search($ldap, 'dc=example,dc=com', "(mail=$shown)");

class DirectoryController
{
    public function lookup(Request $request)
    {
        $mail = $request->input('mail');
        // ruleid: php/taint-ldap-injection
        return ldap_search($this->ldap, 'dc=example,dc=com', "(mail=$mail)");
    }
}
