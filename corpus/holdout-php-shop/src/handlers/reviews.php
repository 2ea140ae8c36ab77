<?php
declare(strict_types=1);

/**
 * Customer reviews: a preview step, then the review is stored for moderation.
 */

function reviews_preview(array $params): void
{
    $review = [
        'record_id' => (int) ($_POST['record_id'] ?? 0),
        'author' => trim($_POST['author'] ?? '') ?: 'Anonymous',
        'rating' => max(1, min(5, (int) ($_POST['rating'] ?? 5))),
        'body' => trim($_POST['body'] ?? ''),
    ];
    $stars = str_repeat('★', $review['rating']) . str_repeat('☆', 5 - $review['rating']);

    layout_start('Preview your review');
    echo '<h1>Preview your review</h1>';
    echo '<article class="review"><header>' . $stars . ' by ' . htmlspecialchars($review['author'], ENT_QUOTES, 'UTF-8') . '</header>';
    echo '<div class="review-body">' . nl2br($review['body']) . '</div></article>';
    echo '<form method="post" action="/reviews">';
    foreach (['record_id', 'author', 'rating', 'body'] as $field) {
        echo '<input type="hidden" name="' . $field . '" value="' . htmlspecialchars((string) $review[$field], ENT_QUOTES, 'UTF-8') . '">';
    }
    echo '<button>Publish</button> <a href="/record?id=' . (int) $review['record_id'] . '">Back</a></form>';
    layout_end();
}

function reviews_store(array $params): void
{
    $customer = require_customer();
    $stmt = db()->prepare('INSERT INTO reviews (record_id, customer_id, author, rating, body, status, created_at) VALUES (?, ?, ?, ?, ?, ?, NOW())');
    $stmt->execute([
        (int) ($_POST['record_id'] ?? 0),
        $customer['id'],
        substr(trim($_POST['author'] ?? ''), 0, 80),
        max(1, min(5, (int) ($_POST['rating'] ?? 5))),
        trim($_POST['body'] ?? ''),
        'pending',
    ]);
    header('Location: /record?id=' . (int) ($_POST['record_id'] ?? 0), true, 303);
}
