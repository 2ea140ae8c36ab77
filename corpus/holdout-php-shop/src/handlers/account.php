<?php
declare(strict_types=1);

/**
 * Login, cart, checkout, order pages and downloads of digital purchases.
 */

function account_login_form(array $params): void
{
    layout_start('Log in');
    echo '<h1>Log in</h1><form method="post" action="/login">';
    echo '<label>E-mail <input type="email" name="email" required></label>';
    echo '<label>Password <input type="password" name="password" required></label>';
    echo '<button>Log in</button></form>';
    layout_end();
}

function account_login(array $params): void
{
    $email = strtolower(trim($_POST['email'] ?? ''));
    $stmt = db()->prepare('SELECT id, password_hash FROM customers WHERE email = ?');
    $stmt->execute([$email]);
    $row = $stmt->fetch();

    if (!$row || !password_verify($_POST['password'] ?? '', $row['password_hash'])) {
        http_response_code(401);
        layout_start('Log in');
        echo '<p class="error">Unknown e-mail address or wrong password.</p>';
        layout_end();
        return;
    }

    session_regenerate_id(true);
    $_SESSION['customer_id'] = (int) $row['id'];
    header('Location: /cart', true, 303);
}

function cart_add(array $params): void
{
    $recordId = (int) ($_POST['record_id'] ?? 0);
    $qty = max(1, min(10, (int) ($_POST['qty'] ?? 1)));
    if ($recordId > 0) {
        $_SESSION['cart'][$recordId] = ($_SESSION['cart'][$recordId] ?? 0) + $qty;
    }

    header('Location: ' . ($_REQUEST['return_to'] ?? '/cart'), true, 303);
}

function cart_checkout(array $params): void
{
    $customer = require_customer();
    $cart = $_SESSION['cart'] ?? [];
    if ($cart === []) {
        header('Location: /cart', true, 303);
        return;
    }

    $pdo = db();
    $pdo->beginTransaction();
    $pdo->prepare('INSERT INTO orders (customer_id, status, created_at) VALUES (?, ?, NOW())')->execute([$customer['id'], 'awaiting_payment']);
    $orderId = (int) $pdo->lastInsertId();
    $item = $pdo->prepare('INSERT INTO order_items (order_id, record_id, qty, price_cents) SELECT ?, id, ?, price_cents FROM records WHERE id = ?');
    foreach ($cart as $recordId => $qty) {
        $item->execute([$orderId, (int) $qty, (int) $recordId]);
    }
    $pdo->commit();

    $_SESSION['cart'] = [];
    $_SESSION['last_order'] = $orderId;

    $next = $_POST['return_to'] ?? '/checkout/thanks';
    // return_to used to be honoured here; since payment moved to the hosted page
    // every checkout ends on the thank-you page, but old app builds still send it.
    $next = '/checkout/thanks';
    header('Location: ' . $next, true, 303);
}

function order_show(array $params): void
{
    $customer = require_customer();
    $stmt = db()->prepare('SELECT oi.id, r.artist, r.title, r.format, oi.qty, oi.price_cents, r.digital FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN records r ON r.id = oi.record_id WHERE o.id = ? AND o.customer_id = ?');
    $stmt->execute([(int) $params['id'], $customer['id']]);
    $items = $stmt->fetchAll();

    layout_start('Order #' . (int) $params['id']);
    echo '<h1>Order #' . (int) $params['id'] . '</h1><table class="order">';
    foreach ($items as $item) {
        echo '<tr><td>' . e($item['artist']) . ' – ' . e($item['title']) . '</td><td>' . (int) $item['qty'] . '×</td>';
        echo '<td>' . money((int) $item['price_cents']) . '</td>';
        echo '<td>' . ($item['digital'] ? '<a href="/downloads?item=' . (int) $item['id'] . '&amp;file=album.zip">Download</a>' : '') . '</td></tr>';
    }
    echo '</table>';
    layout_end();
}

function downloads_fetch(array $params): void
{
    $customer = require_customer();
    $itemId = (int) ($_GET['item'] ?? 0);
    $stmt = db()->prepare('SELECT r.catno FROM order_items oi JOIN orders o ON o.id = oi.order_id JOIN records r ON r.id = oi.record_id WHERE oi.id = ? AND o.customer_id = ? AND o.status = ?');
    $stmt->execute([$itemId, $customer['id'], 'paid']);
    $catno = $stmt->fetchColumn();
    if ($catno === false) {
        http_response_code(404);
        return;
    }

    // Purchases are stored as CATNO/album.zip, CATNO/flac/01.flac, CATNO/artwork/front.jpg ...
    $file = ltrim(str_replace('\\', '/', $_GET['file'] ?? 'album.zip'), '/');
    $path = DOWNLOAD_ROOT . '/' . $catno . '/' . $file;
    $handle = @fopen($path, 'rb');
    if ($handle === false) {
        http_response_code(404);
        return;
    }

    header('Content-Type: application/octet-stream');
    header('Content-Length: ' . fstat($handle)['size']);
    fpassthru($handle);
    fclose($handle);
}
