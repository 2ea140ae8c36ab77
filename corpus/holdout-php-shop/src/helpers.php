<?php
declare(strict_types=1);

function db(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO(DB_DSN, DB_USER, (string) getenv('SHOP_DB_PASSWORD'), [
            PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC,
            PDO::ATTR_EMULATE_PREPARES => false,
        ]);
    }
    return $pdo;
}

/** Escape for HTML text and attribute context. */
function e(?string $value): string
{
    return htmlspecialchars((string) $value, ENT_QUOTES, 'UTF-8');
}

function money(int $cents): string
{
    return number_format($cents / 100, 2, ',', '.') . ' €';
}

function cart_count(): int
{
    return (int) array_sum($_SESSION['cart'] ?? []);
}

function layout_start(string $title): void
{
    header('Content-Type: text/html; charset=utf-8');
    echo '<!doctype html><html lang="en"><head><meta charset="utf-8">';
    echo '<title>' . e($title) . ' · ' . e(SHOP_NAME) . '</title>';
    echo '<link rel="stylesheet" href="/assets/shop.css"><script src="/strings.js" defer></script></head><body>';
    echo '<header><a class="logo" href="/">' . e(SHOP_NAME) . '</a>';
    echo '<form action="/search" method="get"><input type="search" name="q" placeholder="Artist, title, label"></form>';
    echo '<a href="/cart">Cart (' . cart_count() . ')</a></header><main>';
}

function layout_end(): void
{
    echo '</main><footer>' . e(SHOP_NAME) . ' · new and second-hand vinyl since 1998</footer></body></html>';
}

/** @param array<int, array<string, mixed>> $rows */
function render_record_list(array $rows): void
{
    if ($rows === []) {
        echo '<p class="empty">No records found.</p>';
        return;
    }
    echo '<ul class="records">';
    foreach ($rows as $row) {
        echo '<li><a href="/record?id=' . (int) $row['id'] . '">' . e($row['artist']) . ' – ' . e($row['title']) . '</a>';
        echo ' <span class="format">' . e($row['format'] ?? 'LP') . '</span>';
        echo ' <span class="price">' . money((int) $row['price_cents']) . '</span></li>';
    }
    echo '</ul>';
}

function current_customer(): ?array
{
    if (empty($_SESSION['customer_id'])) {
        return null;
    }
    $stmt = db()->prepare('SELECT id, name, email FROM customers WHERE id = ?');
    $stmt->execute([(int) $_SESSION['customer_id']]);
    return $stmt->fetch() ?: null;
}

function require_customer(): array
{
    $customer = current_customer();
    if ($customer === null) {
        header('Location: /login', true, 303);
        exit;
    }
    return $customer;
}

function require_staff(): void
{
    if (($_SESSION['role'] ?? '') !== 'staff') {
        http_response_code(403);
        echo 'Staff only.';
        exit;
    }
}

function json_response(array $data, int $status = 200): void
{
    http_response_code($status);
    header('Content-Type: application/json');
    echo json_encode($data);
}
