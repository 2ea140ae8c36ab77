<?php
declare(strict_types=1);

/**
 * Front controller. The web server rewrites every request that is not a file
 * under public/ to this script.
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';
require_once __DIR__ . '/../src/Router.php';
require_once __DIR__ . '/../src/handlers/catalog.php';
require_once __DIR__ . '/../src/handlers/reviews.php';
require_once __DIR__ . '/../src/handlers/media.php';
require_once __DIR__ . '/../src/handlers/account.php';
require_once __DIR__ . '/../src/handlers/tradein.php';
require_once __DIR__ . '/../src/handlers/stock.php';
require_once __DIR__ . '/../src/handlers/pages.php';
require_once __DIR__ . '/../src/handlers/admin.php';
require_once __DIR__ . '/../src/handlers/pos.php';

session_start([
    'cookie_secure' => true,
    'cookie_httponly' => true,
    'cookie_samesite' => 'Lax',
    'use_strict_mode' => true,
]);

$router = new Router();

$router->get('/', 'catalog_home');
$router->get('/search', 'catalog_search');
$router->get('/genre', 'catalog_genre');
$router->get('/record', 'catalog_record');
$router->get('/recent', 'catalog_recently_viewed');
$router->post('/reviews/preview', 'reviews_preview');
$router->post('/reviews', 'reviews_store');

$router->get('/preview', 'media_audio_preview');
$router->get('/waveform', 'media_waveform');
$router->get('/cover', 'media_cover');
$router->get('/press', 'media_press_kit');
$router->get('/stock', 'stock_check');
$router->get('/strings.js', 'pages_strings');

$router->get('/login', 'account_login_form');
$router->post('/login', 'account_login');
$router->get('/cart', 'pages_cart');
$router->post('/cart/add', 'cart_add');
$router->post('/checkout', 'cart_checkout');
$router->get('/checkout/thanks', 'pages_thanks');
$router->get('/orders/{id}', 'order_show');
$router->get('/downloads', 'downloads_fetch');
$router->post('/trade-in', 'tradein_submit');

$router->post('/admin/discounts/preview', 'admin_discount_preview');
$router->post('/admin/import', 'admin_import');
$router->get('/admin/new-releases', 'admin_new_releases');

$router->post('/pos/sync', 'pos_sync');

$router->dispatch($_SERVER['REQUEST_METHOD'], $_SERVER['REQUEST_URI']);
