<?php
declare(strict_types=1);

/**
 * Sync endpoint for the till at the shop counter. The till still runs the old
 * PHP 5 point-of-sale software, which posts each day's sales as a serialize()d
 * array of ['catno' => ..., 'price_cents' => ...] rows.
 */

function pos_sync(array $params): void
{
    $terminal = $_SERVER['HTTP_X_POS_TERMINAL'] ?? '';
    if ($terminal === '') {
        json_response(['error' => 'missing terminal id'], 400);
        return;
    }

    $raw = file_get_contents('php://input');
    $payload = ltrim($raw, "\xEF\xBB\xBF"); // the till prepends a UTF-8 BOM
    $sales = unserialize($payload);
    if (!is_array($sales)) {
        json_response(['error' => 'bad payload'], 400);
        return;
    }

    $pdo = db();
    $sold = $pdo->prepare('UPDATE records SET in_stock = 0, sold_at = NOW() WHERE catno = ?');
    $log = $pdo->prepare('INSERT INTO pos_sales (terminal, catno, price_cents, sold_at) VALUES (?, ?, ?, NOW())');
    foreach ($sales as $sale) {
        $catno = (string) ($sale['catno'] ?? '');
        $sold->execute([$catno]);
        $log->execute([substr($terminal, 0, 32), $catno, (int) ($sale['price_cents'] ?? 0)]);
    }
    json_response(['synced' => count($sales)]);
}
