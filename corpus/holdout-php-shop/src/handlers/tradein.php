<?php
declare(strict_types=1);

/**
 * "Sell us your records": customers describe what they want to trade in and
 * link photos; staff look at the submission later.
 */

function tradein_submit(array $params): void
{
    $customer = require_customer();
    $description = trim($_POST['description'] ?? '');
    if ($description === '') {
        json_response(['error' => 'Tell us which records you want to sell.'], 422);
        return;
    }

    $pdo = db();
    $pdo->prepare('INSERT INTO trade_ins (customer_id, description, status, created_at) VALUES (?, ?, ?, NOW())')->execute([$customer['id'], $description, 'new']);
    $tradeInId = (int) $pdo->lastInsertId();

    // Sellers paste links to photos (one per line, Dropbox, Imgur, ...). We keep a
    // copy so the pictures are still there when a buyer gets round to it.
    $links = preg_split('/\s+/', trim($_POST['photo_links'] ?? ''), -1, PREG_SPLIT_NO_EMPTY);
    $results = [];
    $photoNo = 0;
    foreach (array_slice($links, 0, 6) as $link) {
        $photoNo++;
        $ch = curl_init($link);
        curl_setopt_array($ch, [
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => true,
            CURLOPT_MAXREDIRS => 3,
            CURLOPT_TIMEOUT => 10,
        ]);
        $image = curl_exec($ch);
        $status = (int) curl_getinfo($ch, CURLINFO_RESPONSE_CODE);
        $type = (string) curl_getinfo($ch, CURLINFO_CONTENT_TYPE);
        curl_close($ch);

        if ($image === false || $status !== 200 || !str_starts_with($type, 'image/')) {
            $results[] = ['photo' => $photoNo, 'saved' => false, 'status' => $status];
            continue;
        }
        file_put_contents(TRADEIN_DIR . '/' . $tradeInId . '-' . $photoNo . '.img', $image);
        $results[] = ['photo' => $photoNo, 'saved' => true, 'status' => $status];
    }

    json_response(['trade_in' => $tradeInId, 'photos' => $results], 201);
}
