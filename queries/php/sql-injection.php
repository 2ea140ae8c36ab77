<?php

function find_user(mysqli $db, string $email)
{
    // ruleid: php/sql-injection
    $result = mysqli_query($db, "SELECT id, name FROM users WHERE email = '$email'");
    return mysqli_fetch_assoc($result);
}

function delete_post(PDO $pdo, $id)
{
    // ruleid: php/taint-sql-injection
    // ruleid: php/sql-injection
    return $pdo->exec("DELETE FROM posts WHERE id = " . $_GET['id']);
}

function search(PDO $pdo, string $term, string $order)
{
    // ruleid: php/sql-injection
    $sql = "SELECT * FROM products WHERE name LIKE '%{$term}%' ORDER BY " . $order;
    return $pdo->query($sql)->fetchAll();
}

function update_name($db, $id, $name)
{
    // ruleid: php/sql-injection
    return DB::statement("UPDATE users SET name = '" . $name . "' WHERE id = " . $id);
}

function safe(PDO $pdo, mysqli $db, $id, $name, $count)
{
    // ok: php/sql-injection
    $stmt = $pdo->prepare('SELECT * FROM users WHERE id = ?');
    // ok: php/sql-injection
    $stmt2 = $pdo->prepare("SELECT * FROM users WHERE name = :name");
    // ok: php/sql-injection
    $rows = $pdo->query('SELECT * FROM users WHERE id = ' . (int) $id);
    // ok: php/sql-injection
    $q = "SELECT * FROM users WHERE name = " . $pdo->quote($name);
    // ok: php/sql-injection
    $message = "Select $count items from your cart";
    // ok: php/sql-injection
    $notice = 'Delete from favourites: ' . $name;
    // ok: php/sql-injection
    $r = mysqli_query($db, "SELECT COUNT(*) FROM users");
    return [$stmt, $stmt2, $rows, $q, $message, $notice, $r];
}
