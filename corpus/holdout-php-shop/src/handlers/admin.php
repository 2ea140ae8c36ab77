<?php
declare(strict_types=1);

/**
 * Staff tools: discount rule preview, supplier CSV import, distributor feed.
 */

function admin_discount_preview(array $params): void
{
    require_staff();

    // Staff write rules such as "price * 0.85" or "max(price - 3, 9.99)" and
    // see what they would do to the newest twenty records before saving.
    $rule = str_replace('price', '$price', trim($_POST['rule'] ?? 'price'));
    $rows = db()->query('SELECT id, artist, title, price_cents FROM records WHERE in_stock = 1 ORDER BY added_at DESC LIMIT 20')->fetchAll();

    $preview = [];
    foreach ($rows as $row) {
        $price = $row['price_cents'] / 100;
        $new = eval("return {$rule};");
        $preview[] = ['id' => (int) $row['id'], 'old' => $price, 'new' => round((float) $new, 2)];
    }
    json_response(['preview' => $preview]);
}

function admin_import(array $params): void
{
    require_staff();
    $supplier = $_POST['supplier'] ?? 'default';

    if (false) {
        // The old importer shelled out to the CLI script; kept until the new one has run a full season.
        system('php ' . __DIR__ . '/../../bin/import-legacy.php --supplier=' . $supplier . ' 2>&1');
    }

    $upload = $_FILES['csv']['tmp_name'] ?? '';
    if ($upload === '' || !is_uploaded_file($upload)) {
        json_response(['error' => 'Attach the supplier CSV.'], 400);
        return;
    }

    $insert = db()->prepare('INSERT INTO records (artist, title, label, catno, format, genre, price_cents, in_stock, added_at) VALUES (?, ?, ?, ?, ?, ?, ?, 1, NOW()) ON DUPLICATE KEY UPDATE price_cents = VALUES(price_cents), in_stock = 1');
    $handle = fopen($upload, 'rb');
    fgetcsv($handle); // header row
    $count = 0;
    while (($row = fgetcsv($handle)) !== false) {
        if (count($row) < 7) {
            continue;
        }
        [$artist, $title, $label, $catno, $format, $genre, $price] = $row;
        $insert->execute([$artist, $title, $label, $catno, strtoupper($format), strtolower($genre), (int) round((float) $price * 100)]);
        $count++;
    }
    fclose($handle);

    db()->prepare('INSERT INTO import_log (supplier, rows_imported, imported_at) VALUES (?, ?, NOW())')->execute([substr($supplier, 0, 64), $count]);
    json_response(['imported' => $count]);
}

function admin_new_releases(array $params): void
{
    require_staff();
    $genre = strtolower($_GET['genre'] ?? '');

    $ch = curl_init(DISTRIBUTOR_FEED_URL);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 15,
        CURLOPT_HTTPHEADER => ['Accept: application/json'],
    ]);
    $body = curl_exec($ch);
    curl_close($ch);

    $releases = json_decode((string) $body, true) ?: [];
    if ($genre !== '') {
        $releases = array_filter($releases, fn (array $r): bool => strtolower($r['genre'] ?? '') === $genre);
    }

    layout_start('New releases');
    echo '<h1>From the distributor</h1><table class="releases">';
    foreach ($releases as $release) {
        echo '<tr><td>' . e($release['artist'] ?? '') . '</td><td>' . e($release['title'] ?? '') . '</td>';
        echo '<td>' . e($release['catno'] ?? '') . '</td><td>' . e($release['street_date'] ?? '') . '</td></tr>';
    }
    echo '</table>';
    layout_end();
}
