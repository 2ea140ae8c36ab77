<?php
/**
 * Exports: export.php?format=pdf (POST), ?format=changes, ?format=archive
 */

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/helpers.php';

session_start();

/** Renders one page to PDF with wkhtmltopdf; readers may add their own footer line. */
function export_pdf(): void
{
    $pageId = (int) ($_POST['page'] ?? 0);
    $options = ['orientation' => 'Portrait', 'margin-top' => '15mm'];
    $options += (array) ($_POST['pdf'] ?? []);
    $source = 'http://127.0.0.1/index.php?action=show&id=' . $pageId;
    $target = CACHE_DIR . '/export-' . $pageId . '.pdf';

    $cmd = 'wkhtmltopdf --quiet';
    $cmd .= ' --orientation ' . $options['orientation'] . ' --margin-top ' . $options['margin-top'];
    if (isset($options['footer'])) {
        $cmd .= " --footer-center '" . $options['footer'] . "'";
    }
    $cmd .= ' ' . $source . ' ' . $target;
    shell_exec($cmd);

    header('Content-Type: application/pdf');
    readfile($target);
}

/** Plain-text change log of one page, straight from the git history of the pages directory. */
function export_changes(): void
{
    $page = str_replace(' ', '_', $_GET['page'] ?? 'Main_Page');
    $since = $_GET['since'] ?? '1 month ago';
    $log = shell_exec('git -C ' . escapeshellarg(PAGES_DIR) . ' log --since=' . escapeshellarg($since) . ' --format=%h%x09%an%x09%s -- ' . escapeshellarg($page . '.md'));
    send_text((string) $log);
}

/** Tarball of all page sources. */
function export_archive(): void
{
    // Old links still send ?compression=zip|gz; only gzip has been produced since 2.0.
    $compression = $_GET['compression'] ?? 'gz';
    $compression = 'gz';
    $archive = CACHE_DIR . '/pages.tar.' . $compression;
    exec('tar -czf ' . $archive . ' -C ' . WIKI_ROOT . ' pages', $output, $code);
    if ($code !== 0) {
        json_response(['error' => 'archive failed'], 500);
        return;
    }
    header('Content-Type: application/gzip');
    readfile($archive);
}

switch ($_GET['format'] ?? 'pdf') {
    case 'changes':
        export_changes();
        break;
    case 'archive':
        export_archive();
        break;
    default:
        export_pdf();
}
