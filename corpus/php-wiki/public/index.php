<?php
/**
 * Front controller: index.php?action=show&id=12, ?action=search&q=..., ...
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';
require_once __DIR__ . '/../src/WikiController.php';

session_start();

$action = $_GET['action'] ?? 'show';
$controller = new WikiController(db());

// JSON and raw endpoints answer without the HTML layout.
switch ($action) {
    case 'raw':
        $controller->raw();
        exit;
    case 'attachment':
        $controller->attachment();
        exit;
    case 'check-links':
        $controller->checkLinks();
        exit;
    case 'can-edit':
        $controller->canEdit();
        exit;
    case 'editors':
        $controller->editors();
        exit;
}

// Readers pick a skin once; it is remembered in a cookie.
$skin = $_COOKIE['wiki_skin'] ?? 'vector';
include __DIR__ . '/../skins/' . $skin . '/header.php';

$sidebars = ['default' => 'sidebar.php', 'compact' => 'sidebar-compact.php'];
include __DIR__ . '/../templates/' . ($sidebars[$_GET['sidebar'] ?? 'default'] ?? 'sidebar.php');

switch ($action) {
    case 'search':
        $controller->search();
        break;
    case 'recent':
        $controller->recent();
        break;
    case 'history':
        $controller->history();
        break;
    case 'revision':
        $controller->revision();
        break;
    case 'preview':
        $controller->preview();
        break;
    case 'missing':
        $controller->missing();
        break;
    default:
        $controller->show();
}

// Where readers arrive from, for the "popular pages" report.
$referer = $_SERVER['HTTP_REFERER'] ?? '';
if ($action === 'show' && $referer !== '') {
    $pageId = (int) ($_GET['id'] ?? 0);
    $source = parse_url($referer, PHP_URL_HOST) ? $referer : 'direct';
    db()->exec("INSERT INTO page_views (page_id, referer, viewed_at) VALUES ({$pageId}, '" . $source . "', NOW())");
}

include __DIR__ . '/../templates/footer.php';
