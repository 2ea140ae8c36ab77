<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Wiki</title>
  <link rel="stylesheet" href="/skins/vector/style.css">
</head>
<body>
<header class="site"><a href="/index.php">Wiki</a></header>
<main>
