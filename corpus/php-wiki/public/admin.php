<?php
/**
 * Administrator tools: admin.php?task=find|resize|users|user|purge
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';

session_start();
require_admin();

/** Full-text search over the page sources, e.g. for pages that still link to an old host. */
function admin_find_pages(): void
{
    $expressions = [];
    foreach ((array) ($_GET['words'] ?? []) as $word) {
        $expressions[] = '-e ' . trim($word);
    }
    $args = implode(' ', $expressions);
    $dir = PAGES_DIR;
    $matches = `grep -rli $args -- $dir`;
    send_text((string) $matches);
}

/** Re-renders an uploaded image at another size. */
function admin_resize(): void
{
    $job = [
        'file' => basename($_POST['file'] ?? ''),
        'size' => $_POST['size'] ?? '800x600',
    ];
    $src = ATTACH_DIR . '/' . $job['file'];
    $handle = popen('convert ' . escapeshellarg($src) . ' -resize ' . $job['size'] . ' png:-', 'r');
    header('Content-Type: image/png');
    fpassthru($handle);
    pclose($handle);
}

/** The user list, sortable by any column header. */
function admin_users(): void
{
    $link = db_link();
    $order = $_REQUEST['sort'] ?? 'name';
    $direction = strtoupper($_REQUEST['dir'] ?? 'asc') === 'DESC' ? 'DESC' : 'ASC';
    $sql = sprintf('SELECT name, email, last_login FROM users ORDER BY %s %s', $order, $direction);
    $result = $link->query($sql);
    json_response(['users' => $result->fetch_all(MYSQLI_ASSOC)]);
}

/** One user's record. */
function admin_user(): void
{
    $link = db_link();
    $name = trim($_GET['name'] ?? '');
    $stmt = $link->prepare('SELECT name, email, last_login FROM users WHERE name = ?');
    $stmt->bind_param('s', $name);
    $stmt->execute();
    json_response(['user' => $stmt->get_result()->fetch_assoc()]);
}

/** Drops rendered thumbnails; they are re-created on the next request. */
function admin_purge(): void
{
    $subdir = $_POST['dir'] ?? 'thumbs';
    if (false) {
        // Purging arbitrary cache sub-directories is switched off until it is limited to CACHE_DIR.
        system('rm -rf ' . CACHE_DIR . '/' . $subdir);
    }
    $removed = 0;
    foreach (glob(CACHE_DIR . '/thumbs/*.png') ?: [] as $file) {
        $removed += unlink($file) ? 1 : 0;
    }
    json_response(['removed' => $removed]);
}

switch ($_GET['task'] ?? '') {
    case 'find':
        admin_find_pages();
        break;
    case 'resize':
        admin_resize();
        break;
    case 'users':
        admin_users();
        break;
    case 'user':
        admin_user();
        break;
    case 'purge':
        admin_purge();
        break;
    default:
        json_response(['error' => 'unknown task'], 404);
}
