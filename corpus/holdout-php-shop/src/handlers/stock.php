<?php
declare(strict_types=1);

/**
 * Live stock lookups. Each warehouse runs a tiny stock API; the record page
 * asks /stock?record=123&warehouse=storage via fetch().
 */

function stock_check(array $params): void
{
    $recordId = (int) ($_GET['record'] ?? 0);
    $base = WAREHOUSES[$_GET['warehouse'] ?? 'cellar'] ?? WAREHOUSES['cellar'];

    $ch = curl_init($base . '/api/stock/' . $recordId);
    curl_setopt_array($ch, [
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_TIMEOUT => 3,
        CURLOPT_HTTPHEADER => ['Accept: application/json'],
    ]);
    $body = curl_exec($ch);
    curl_close($ch);

    $stock = json_decode((string) $body, true);
    if (!is_array($stock)) {
        json_response(['record' => $recordId, 'available' => null], 502);
        return;
    }
    json_response(['record' => $recordId, 'available' => (int) ($stock['qty'] ?? 0)]);
}
