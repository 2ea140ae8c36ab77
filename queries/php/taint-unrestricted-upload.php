<?php
const UPLOAD_DIR = __DIR__ . '/public/uploads/';
$allowed = ['png', 'jpg', 'gif'];

function save_avatar()
{
    $name = basename($_FILES['avatar']['name']);
    // ruleid: php/taint-unrestricted-upload
    move_uploaded_file($_FILES['avatar']['tmp_name'], UPLOAD_DIR . $name);
}

function save_document()
{
    $target = UPLOAD_DIR . $_POST['title'] . '.' . $_POST['format'];
    // ruleid: php/taint-unrestricted-upload, php/taint-path-traversal
    file_put_contents($target, file_get_contents($_FILES['doc']['tmp_name']));
}

function save_checked($allowed)
{
    $name = basename($_FILES['avatar']['name']);
    $ext = strtolower(pathinfo($name, PATHINFO_EXTENSION));
    if (!in_array($ext, $allowed, true)) {
        http_response_code(400);
        exit;
    }
    // ok: php/taint-unrestricted-upload
    move_uploaded_file($_FILES['avatar']['tmp_name'], UPLOAD_DIR . $name);
}

function save_image()
{
    if (getimagesize($_FILES['photo']['tmp_name']) === false) {
        exit('not an image');
    }
    // ok: php/taint-unrestricted-upload
    move_uploaded_file($_FILES['photo']['tmp_name'], UPLOAD_DIR . basename($_FILES['photo']['name']));
}

function save_renamed()
{
    // The server names the file: only the temporary path PHP chose is used.
    $name = bin2hex(random_bytes(16)) . '.png';
    // ok: php/taint-unrestricted-upload
    move_uploaded_file($_FILES['avatar']['tmp_name'], UPLOAD_DIR . $name);
}

function save_with_fixed_extension()
{
    $name = basename($_FILES['avatar']['name'], '.png');
    // The server chose the extension.
    // ok: php/taint-unrestricted-upload
    move_uploaded_file($_FILES['avatar']['tmp_name'], UPLOAD_DIR . $name . '.png');
}
