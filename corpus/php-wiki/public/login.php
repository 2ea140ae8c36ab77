<?php
/**
 * Sign-in against the company directory: login.php?op=login|logout|profile
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';

session_start();

function ldap_connection()
{
    $conn = ldap_connect(LDAP_URI);
    ldap_set_option($conn, LDAP_OPT_PROTOCOL_VERSION, 3);
    ldap_set_option($conn, LDAP_OPT_REFERRALS, 0);
    ldap_bind($conn, LDAP_BIND_DN, (string) getenv('WIKI_LDAP_PASSWORD'));
    return $conn;
}

function handle_login(): void
{
    $username = ldap_escape(trim($_POST['username'] ?? ''), '', LDAP_ESCAPE_FILTER);
    $secret = (string) ($_POST['password'] ?? '');
    $conn = ldap_connection();
    $search = ldap_search($conn, LDAP_PEOPLE_DN, "(&(objectClass=inetOrgPerson)(uid={$username}))", ['dn', 'uid', 'cn']);
    $entries = ldap_get_entries($conn, $search);
    if ($entries['count'] !== 1 || $secret === '' || !@ldap_bind($conn, $entries[0]['dn'], $secret)) {
        http_response_code(401);
        echo '<p class="error">Unknown user or wrong password.</p>';
        return;
    }
    session_regenerate_id(true);
    $_SESSION['user'] = $entries[0]['uid'][0];
    $_SESSION['is_admin'] = in_array($_SESSION['user'], WIKI_ADMINS, true);

    $next = $_GET['next'] ?? '/index.php';
    header('Location: ' . $next);
}

function handle_logout(): void
{
    $_SESSION = [];
    session_destroy();
    $destinations = ['home' => '/index.php', 'login' => '/login.php', 'recent' => '/index.php?action=recent'];
    $target = $destinations[$_GET['to'] ?? 'home'] ?? '/index.php';
    header('Location: ' . $target);
}

/** ?op=profile&user=alice : name, mail and department for the author box under each page. */
function handle_profile(): void
{
    $uid = strtolower(trim($_GET['user'] ?? ''));
    $conn = ldap_connection();
    $filter = '(&(objectClass=inetOrgPerson)(uid=' . $uid . '))';
    $search = ldap_search($conn, LDAP_PEOPLE_DN, $filter, ['cn', 'mail', 'departmentNumber']);
    $entries = ldap_get_entries($conn, $search);
    $people = [];
    for ($i = 0; $i < $entries['count']; $i++) {
        $people[] = [
            'name' => $entries[$i]['cn'][0] ?? '',
            'mail' => $entries[$i]['mail'][0] ?? '',
            'department' => $entries[$i]['departmentnumber'][0] ?? '',
        ];
    }
    json_response(['people' => $people]);
}

switch ($_GET['op'] ?? 'form') {
    case 'login':
        handle_login();
        break;
    case 'logout':
        handle_logout();
        break;
    case 'profile':
        handle_profile();
        break;
    default:
        include __DIR__ . '/../templates/login-form.php';
}
