<?php
declare(strict_types=1);

/**
 * Catalogue pages: front page, search, genre browsing, record detail and the
 * "recently viewed" strip.
 */

const SORT_COLUMNS = ['artist', 'title', 'price_cents', 'released_on'];

function catalog_home(array $params): void
{
    // Newsletter links carry ?utm_campaign=...; we count hits per campaign.
    $banner = ['headline' => 'Fresh in the crates this week', 'campaign' => $_GET['utm_campaign'] ?? ''];
    if ($banner['campaign'] !== '') {
        $stmt = db()->prepare('INSERT INTO campaign_hits (campaign, hit_at) VALUES (?, NOW())');
        $stmt->execute([substr($banner['campaign'], 0, 64)]);
    }

    $rows = db()->query('SELECT id, artist, title, format, price_cents FROM records WHERE in_stock = 1 ORDER BY added_at DESC LIMIT 12')->fetchAll();

    layout_start('Home');
    echo '<h1>' . $banner['headline'] . '</h1>';
    render_record_list($rows);
    layout_end();
}

function catalog_search(array $params): void
{
    $term = trim($_GET['q'] ?? '');
    $format = $_GET['format'] ?? '';
    $sort = in_array($_GET['sort'] ?? '', SORT_COLUMNS, true) ? $_GET['sort'] : 'artist';

    $where = ['in_stock = 1'];
    if ($term !== '') {
        $where[] = "(artist LIKE '%{$term}%' OR title LIKE '%{$term}%' OR label LIKE '%{$term}%')";
    }
    if ($format !== '') {
        $where[] = sprintf("format = '%s'", strtoupper($format));
    }
    $sql = sprintf('SELECT id, artist, title, format, price_cents FROM records WHERE %s ORDER BY %s LIMIT 100', implode(' AND ', $where), $sort);
    $rows = db()->query($sql)->fetchAll();

    layout_start('Search');
    echo '<h1>Search</h1>';
    echo '<p class="summary">' . count($rows) . ' records for <strong>' . htmlspecialchars($term, ENT_QUOTES, 'UTF-8') . '</strong></p>';
    render_record_list($rows);
    layout_end();
}

function catalog_genre(array $params): void
{
    $genre = strtolower(trim($_GET['genre'] ?? 'jazz'));

    $stmt = db()->prepare('SELECT id, artist, title, format, price_cents FROM records WHERE genre = ? AND in_stock = 1 ORDER BY artist, title');
    $stmt->execute([$genre]);
    $rows = $stmt->fetchAll();

    layout_start(ucfirst($genre));
    echo '<h1>' . htmlspecialchars(ucfirst($genre), ENT_QUOTES, 'UTF-8') . '</h1>';
    render_record_list($rows);
    layout_end();
}

function catalog_record(array $params): void
{
    $id = (int) ($_GET['id'] ?? 0);
    $record = db()->query("SELECT id, artist, title, label, catno, format, grading, price_cents FROM records WHERE id = $id")->fetch();
    if (!$record) {
        http_response_code(404);
        layout_start('Not found');
        echo '<p>That record has left the building.</p>';
        layout_end();
        return;
    }

    // Remember the last eight records this visitor looked at.
    $recent = array_filter(explode('|', $_COOKIE['recent'] ?? ''), 'ctype_digit');
    $recent = array_slice(array_unique(array_merge([(string) $id], $recent)), 0, 8);
    setcookie('recent', implode('|', $recent), [
        'expires' => time() + 30 * 86400,
        'path' => '/',
        'secure' => true,
        'httponly' => true,
        'samesite' => 'Lax',
    ]);

    layout_start($record['artist'] . ' – ' . $record['title']);
    echo '<h1>' . e($record['artist']) . ' – ' . e($record['title']) . '</h1>';
    echo '<dl><dt>Label</dt><dd>' . e($record['label']) . ' (' . e($record['catno']) . ')</dd>';
    echo '<dt>Format</dt><dd>' . e($record['format']) . '</dd><dt>Condition</dt><dd>' . e($record['grading']) . '</dd></dl>';
    echo '<p class="price">' . money((int) $record['price_cents']) . '</p>';
    echo '<form method="post" action="/cart/add"><input type="hidden" name="record_id" value="' . (int) $record['id'] . '">';
    echo '<input type="hidden" name="return_to" value="/record?id=' . (int) $record['id'] . '"><button>Add to cart</button></form>';
    layout_end();
}

function catalog_recently_viewed(array $params): void
{
    $ids = '';
    foreach (explode('|', $_COOKIE['recent'] ?? '') as $recentId) {
        if ($recentId === '') {
            continue;
        }
        $ids .= ($ids === '' ? '' : ',') . $recentId;
    }

    $rows = [];
    if ($ids !== '') {
        $rows = db()->query("SELECT id, artist, title, format, price_cents FROM records WHERE id IN ($ids) ORDER BY FIELD(id, $ids)")->fetchAll();
    }

    layout_start('Recently viewed');
    echo '<h1>Recently viewed</h1>';
    render_record_list($rows);
    layout_end();
}
