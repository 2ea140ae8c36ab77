<?php
/**
 * Wiki configuration. Everything that differs between installations is read
 * from the environment, so the same tree runs in staging and production.
 */

define('WIKI_DSN', getenv('WIKI_DSN') ?: 'mysql:host=127.0.0.1;dbname=wiki;charset=utf8mb4');
define('WIKI_DB_HOST', getenv('WIKI_DB_HOST') ?: '127.0.0.1');
define('WIKI_DB_NAME', getenv('WIKI_DB_NAME') ?: 'wiki');
define('WIKI_DB_USER', getenv('WIKI_DB_USER') ?: 'wiki');

define('WIKI_ROOT', getenv('WIKI_ROOT') ?: '/var/lib/wiki');
define('PAGES_DIR', WIKI_ROOT . '/pages');
define('ATTACH_DIR', WIKI_ROOT . '/attachments');
define('CACHE_DIR', WIKI_ROOT . '/cache');
define('ACL_FILE', WIKI_ROOT . '/acl.xml');

define('UPSTREAM_URL', getenv('WIKI_UPSTREAM') ?: 'https://wiki-master.internal.example');

define('LDAP_URI', getenv('WIKI_LDAP_URI') ?: 'ldaps://ldap.internal.example');
define('LDAP_BIND_DN', getenv('WIKI_LDAP_BIND_DN') ?: 'cn=wiki,ou=services,dc=example,dc=org');
define('LDAP_PEOPLE_DN', 'ou=people,dc=example,dc=org');
define('LDAP_GROUPS_DN', 'ou=groups,dc=example,dc=org');

define('WIKI_ADMINS', array_values(array_filter(explode(',', (string) getenv('WIKI_ADMINS')))));

function db(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO(WIKI_DSN, WIKI_DB_USER, (string) getenv('WIKI_DB_PASSWORD'), [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
        ]);
    }
    return $pdo;
}

/**
 * The revision and admin screens predate the PDO layer and still use mysqli.
 */
function db_link(): mysqli
{
    static $link = null;
    if ($link === null) {
        mysqli_report(MYSQLI_REPORT_ERROR | MYSQLI_REPORT_STRICT);
        $link = new mysqli(WIKI_DB_HOST, WIKI_DB_USER, (string) getenv('WIKI_DB_PASSWORD'), WIKI_DB_NAME);
        $link->set_charset('utf8mb4');
    }
    return $link;
}
