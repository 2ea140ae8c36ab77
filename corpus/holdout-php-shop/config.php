<?php
declare(strict_types=1);

/**
 * Groove Cellar shop settings.
 *
 * Everything that differs between the laptop and the shop server is read from
 * the environment (see /etc/groovecellar/shop.env on the server).
 */

define('SHOP_NAME', 'Groove Cellar Records');

define('DB_DSN', getenv('SHOP_DSN') ?: 'mysql:host=127.0.0.1;dbname=groovecellar;charset=utf8mb4');
define('DB_USER', getenv('SHOP_DB_USER') ?: 'shop');

define('MEDIA_ROOT', getenv('SHOP_MEDIA_ROOT') ?: '/srv/groovecellar/media');
define('COVER_CACHE', MEDIA_ROOT . '/covers');
define('PRESS_DIR', MEDIA_ROOT . '/press');
define('WAVEFORM_DIR', MEDIA_ROOT . '/waveforms');
define('TRADEIN_DIR', MEDIA_ROOT . '/trade-ins');
define('DOWNLOAD_ROOT', getenv('SHOP_DOWNLOAD_ROOT') ?: '/srv/groovecellar/downloads');

define('FFMPEG_BIN', getenv('SHOP_FFMPEG') ?: '/usr/bin/ffmpeg');
define('DISTRIBUTOR_FEED_URL', getenv('SHOP_DISTRIBUTOR_FEED') ?: 'https://feeds.distributor.example/new-releases.json');

// Stock lives in two places: the shop cellar and the overflow storage unit.
const WAREHOUSES = [
    'cellar' => 'https://stock.groovecellar.example',
    'storage' => 'https://storage-unit.groovecellar.example',
];

const RECORDS_PER_PAGE = 24;
