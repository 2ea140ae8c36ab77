<?php

session_start();

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/../src/auth.php';
require_once __DIR__ . '/../src/tickets.php';
require_once __DIR__ . '/../src/admin_tools.php';

$page = $_GET['page'] ?? 'tickets';
$agent = current_agent();

if ($page !== 'login' && $page !== 'reset' && $agent === null) {
    header('Location: index.php?page=login');
    exit;
}

if ($_SERVER['REQUEST_METHOD'] === 'POST') {
    switch ($page) {
        case 'login':
            if (login($_POST['email'] ?? '', $_POST['password'] ?? '')) {
                header('Location: index.php?page=tickets');
                exit;
            }
            $error = 'Invalid e-mail or password.';
            break;
        case 'ping':
            $pingResult = admin_ping($_POST['host'] ?? 'localhost');
            break;
        case 'close':
            ticket_close($agent, (int) $_POST['id']);
            header('Location: index.php?page=tickets');
            exit;
    }
}

$filters = ticket_filters();
$term = $_GET['q'] ?? $filters['term'];
?>
<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Helpdesk</title>
  <link rel="stylesheet" href="/assets/desk.css">
</head>
<body>
<header>
  <a href="index.php">Helpdesk</a>
  <?php if ($agent): ?>
    <span class="agent"><?= htmlspecialchars($agent['name'], ENT_QUOTES, 'UTF-8') ?></span>
  <?php endif; ?>
  <form method="get" action="index.php">
    <input type="hidden" name="page" value="tickets">
    <input type="search" name="q" value="<?= htmlspecialchars($term, ENT_QUOTES, 'UTF-8') ?>">
  </form>
</header>
<main>
<?php
if (isset($_GET['q'])) {
    echo '<p class="hint">Results for <strong>' . $_GET['q'] . '</strong></p>';
}
if (!empty($error)) {
    echo '<p class="error">' . htmlspecialchars($error) . '</p>';
}
if (isset($pingResult)) {
    echo '<pre>' . htmlspecialchars($pingResult) . '</pre>';
}

// Each page is a small template in public/pages/.
include __DIR__ . '/pages/' . $page . '.php';
?>
</main>
<footer>Page <?= (int) ($_GET['p'] ?? 1) ?></footer>
</body>
</html>
