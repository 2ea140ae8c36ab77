<?php
/**
 * Getting content into the wiki: import.php?step=url|upload|draft|sync|notify|status
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';

session_start();

const ATTACHMENT_TYPES = ['png' => 'png', 'jpg' => 'jpg', 'jpeg' => 'jpg', 'gif' => 'gif', 'pdf' => 'pdf'];

/** Creates a page from a markdown document somewhere on the web. */
function import_from_url(): void
{
    $url = trim($_POST['source_url'] ?? '');
    if (!preg_match('#^https?://#i', $url)) {
        json_response(['error' => 'only http(s) URLs can be imported'], 400);
        return;
    }
    $markdown = file_get_contents($url);
    if ($markdown === false) {
        json_response(['error' => 'could not fetch the document'], 502);
        return;
    }
    $title = trim($_POST['title'] ?? '') ?: 'Imported page';
    $stmt = db()->prepare('INSERT INTO pages (title, body, source_url, updated_at) VALUES (?, ?, ?, NOW())');
    $stmt->execute([$title, $markdown, $url]);
    json_response(['id' => (int) db()->lastInsertId()], 201);
}

/** Stores an attachment under a random name; the original name is kept in the database. */
function import_upload(): void
{
    $upload = $_FILES['attachment'] ?? null;
    if ($upload === null || $upload['error'] !== UPLOAD_ERR_OK) {
        http_response_code(400);
        print '<p class="error">No file was uploaded.</p>';
        return;
    }
    $name = $upload['name'];
    $type = ATTACHMENT_TYPES[strtolower(pathinfo($name, PATHINFO_EXTENSION))] ?? null;
    if ($type === null) {
        http_response_code(415);
        print '<p class="error">' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . ' is not an allowed attachment type.</p>';
        return;
    }
    $stored = bin2hex(random_bytes(16)) . '.' . $type;
    move_uploaded_file($upload['tmp_name'], ATTACH_DIR . '/' . $stored);
    // Attachments are still recorded through the old mysqli layer.
    mysqli_query(db_link(), "INSERT INTO attachments (original_name, stored_name, uploaded_at) VALUES ('{$name}', '{$stored}', NOW())");
    print '<p class="ok">Attachment saved.</p>';
}

/** The editor keeps an unsaved draft in a cookie and offers it back after a crash. */
function import_draft(): void
{
    $raw = $_COOKIE['wiki_draft'] ?? '';
    $draft = $raw === '' ? null : unserialize(base64_decode($raw));
    json_response(['draft' => is_array($draft) ? $draft : null]);
}

/** Pulls the change feed of the master wiki; the address is server configuration. */
function import_sync(): void
{
    $since = (int) ($_GET['since'] ?? 0);
    $feed = file_get_contents(UPSTREAM_URL . '/api/changes.json?since=' . $since);
    $changes = json_decode((string) $feed, true) ?: [];
    json_response(['changes' => count($changes)]);
}

/** Tells the master wiki that a page changed here. */
function import_notify(): void
{
    $ping = [
        'url' => UPSTREAM_URL . '/api/ping',
        'page' => trim($_POST['page'] ?? ''),
    ];
    $ch = curl_init();
    curl_setopt($ch, CURLOPT_URL, $ping['url']);
    curl_setopt($ch, CURLOPT_POST, true);
    curl_setopt($ch, CURLOPT_POSTFIELDS, http_build_query(['page' => $ping['page']]));
    curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
    curl_setopt($ch, CURLOPT_TIMEOUT, 5);
    curl_exec($ch);
    $code = curl_getinfo($ch, CURLINFO_HTTP_CODE);
    curl_close($ch);
    json_response(['upstream' => $code]);
}

/** Progress of the nightly bulk import, which the import worker keeps in the cache directory. */
function import_status(): void
{
    $job = (int) ($_GET['job'] ?? 0);
    $state = unserialize((string) file_get_contents(CACHE_DIR . '/import-state.ser'));
    json_response(['job' => $job, 'state' => $state[$job] ?? null]);
}

switch ($_GET['step'] ?? '') {
    case 'url':
        import_from_url();
        break;
    case 'upload':
        import_upload();
        break;
    case 'draft':
        import_draft();
        break;
    case 'sync':
        import_sync();
        break;
    case 'notify':
        import_notify();
        break;
    case 'status':
        import_status();
        break;
    default:
        json_response(['error' => 'unknown step'], 404);
}
