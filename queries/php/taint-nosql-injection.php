<?php

use MongoDB\BSON\ObjectId;

function login($db)
{
    // ruleid: php/taint-nosql-injection
    $user = $db->users->findOne(['email' => $_POST['email'], 'password' => $_POST['password']]);
    return $user !== null;
}

function search($collection)
{
    $min = $_GET['min'];
    // ruleid: php/taint-nosql-injection
    return $collection->find(['$where' => "this.total > $min"]);
}

function safe($collection)
{
    // ok: php/taint-nosql-injection
    $a = $collection->findOne(['email' => (string) $_POST['email']]);
    // ok: php/taint-nosql-injection
    $b = $collection->findOne(['_id' => new ObjectId($_GET['id'])]);
    // ok: php/taint-nosql-injection
    $c = $collection->findOne(['age' => intval($_GET['age'])]);
    return [$a, $b, $c];
}
