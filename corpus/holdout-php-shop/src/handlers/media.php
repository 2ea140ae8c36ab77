<?php
declare(strict_types=1);

/**
 * Media endpoints: 30-second audio previews, waveform images, cover art and
 * the public press-kit folder.
 */

function media_audio_preview(array $params): void
{
    $trackId = (int) ($_GET['track'] ?? 0);
    $stmt = db()->prepare('SELECT file_path FROM tracks WHERE id = ? AND preview_allowed = 1');
    $stmt->execute([$trackId]);
    $file = $stmt->fetchColumn();
    if ($file === false) {
        http_response_code(404);
        return;
    }

    // Listeners can jump into a track from the player, e.g. ?track=12&start=1:30
    $start = $_GET['start'] ?? '0';
    $cmd = FFMPEG_BIN . " -hide_banner -loglevel error -ss {$start} -t 30 -i " . escapeshellarg($file) . ' -vn -f mp3 -b:a 128k pipe:1';

    header('Content-Type: audio/mpeg');
    header('Cache-Control: no-store');
    passthru($cmd);
}

function media_waveform(array $params): void
{
    $trackId = (int) ($_GET['track'] ?? 0);
    $stmt = db()->prepare('SELECT file_path FROM tracks WHERE id = ?');
    $stmt->execute([$trackId]);
    $file = $stmt->fetchColumn();
    if ($file === false) {
        http_response_code(404);
        return;
    }

    // The player asks for "auto" or a samples-per-pixel figure such as 256.
    $zoom = $_GET['zoom'] ?? 'auto';
    $png = WAVEFORM_DIR . '/' . $trackId . '.png';
    exec('audiowaveform -i ' . escapeshellarg($file) . ' -o ' . escapeshellarg($png) . ' --zoom ' . escapeshellarg($zoom) . ' --width 800 --height 120 --no-axis-labels', $output, $status);
    if ($status !== 0) {
        http_response_code(500);
        return;
    }

    header('Content-Type: image/png');
    readfile($png);
}

function media_cover(array $params): void
{
    // <img src="/cover?size=600&file=BN-4003.jpg">; both parameters are optional.
    $opts = $_GET;
    $opts += ['size' => '300', 'file' => 'placeholder.jpg'];

    $path = COVER_CACHE . '/' . $opts['size'] . '/' . $opts['file'];
    header('Content-Type: image/jpeg');
    header('Cache-Control: public, max-age=604800');
    readfile($path);
}

function media_press_kit(array $params): void
{
    // Labels send us one-sheets and press photos; anyone may download them.
    $name = basename($_GET['file'] ?? '');
    $path = PRESS_DIR . '/' . $name;
    if ($name === '' || !is_file($path)) {
        http_response_code(404);
        echo 'No such press file.';
        return;
    }

    header('Content-Type: ' . (mime_content_type($path) ?: 'application/octet-stream'));
    header('Content-Length: ' . filesize($path));
    readfile($path);
}
