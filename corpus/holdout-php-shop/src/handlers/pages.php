<?php
declare(strict_types=1);

/**
 * Small pages: the cart, the thank-you page and the translated UI strings the
 * front-end script loads.
 */

const UI_LOCALES = ['en' => 'en_GB', 'de' => 'de_DE'];

function pages_strings(array $params): void
{
    // Pick the UI language from the browser; anything we don't translate gets English.
    $wanted = strtolower(substr($_SERVER['HTTP_ACCEPT_LANGUAGE'] ?? 'en', 0, 2));
    $locale = UI_LOCALES[$wanted] ?? 'en_GB';

    $strings = require __DIR__ . '/../../lang/' . $locale . '.php';
    header('Content-Type: application/javascript; charset=utf-8');
    header('Vary: Accept-Language');
    echo 'window.SHOP_STRINGS = ' . json_encode($strings, JSON_HEX_TAG | JSON_UNESCAPED_UNICODE) . ';';
}

function pages_cart(array $params): void
{
    $cart = $_SESSION['cart'] ?? [];
    $rows = [];
    if ($cart !== []) {
        $placeholders = implode(',', array_fill(0, count($cart), '?'));
        $stmt = db()->prepare("SELECT id, artist, title, format, price_cents FROM records WHERE id IN ($placeholders)");
        $stmt->execute(array_map('intval', array_keys($cart)));
        $rows = $stmt->fetchAll();
    }

    layout_start('Cart');
    echo '<h1>Your cart</h1>';
    $total = 0;
    echo '<table class="cart">';
    foreach ($rows as $row) {
        $qty = (int) $cart[(int) $row['id']];
        $total += $qty * (int) $row['price_cents'];
        echo '<tr><td>' . e($row['artist']) . ' – ' . e($row['title']) . '</td><td>' . $qty . '×</td>';
        echo '<td>' . money($qty * (int) $row['price_cents']) . '</td></tr>';
    }
    echo '</table><p class="total">Total: ' . money($total) . '</p>';
    if ($rows !== []) {
        echo '<form method="post" action="/checkout"><button>Check out</button></form>';
    }
    layout_end();
}

function pages_thanks(array $params): void
{
    $orderId = (int) ($_SESSION['last_order'] ?? 0);
    layout_start('Thank you');
    echo '<h1>Thank you!</h1>';
    if ($orderId > 0) {
        echo '<p>Your order <a href="/orders/' . $orderId . '">#' . $orderId . '</a> is waiting for payment.</p>';
    }
    layout_end();
}
