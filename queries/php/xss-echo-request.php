<?php
$query = $_GET['q'] ?? '';
?>
<!doctype html>
<html>
<body>
<form action="<?php
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo $_SERVER['PHP_SELF']; ?>" method="get">
  <input name="q">
</form>
<h1>Results for
<?=
// ruleid: php/xss-echo-request
$_GET['q'] ?></h1>
<?php
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo "<p>Welcome back, " . $_COOKIE['display_name'] . "!</p>";
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo "<input type=\"hidden\" name=\"ref\" value=\"{$_REQUEST['ref']}\">";
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
print $_POST['comment'];
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo isset($_GET['page']) ? $_GET['page'] : '1';
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo "<p>" . "<b>" . "<i>" . $_GET['deep'] . "</i>";
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
echo "<p>" . "<b>{$_POST['tag']}</b>";
// ruleid: php/taint-xss
// ruleid: php/xss-echo-request
print "<p>" . "<b>" . $_REQUEST['p2'];

// ok: php/xss-echo-request
echo htmlspecialchars($_GET['q'], ENT_QUOTES, 'UTF-8');
// ok: php/xss-echo-request
echo '<p>Page ' . (int) $_GET['page'] . '</p>';
// ok: php/xss-echo-request
echo "Results for " . htmlspecialchars($query);
// ok: php/xss-echo-request
$_SESSION['last_query'] = $_GET['q'];
// ruleid: php/taint-xss
// ok: php/xss-echo-request
echo json_encode(['q' => $_GET['q']]);
// ok: php/xss-echo-request
echo $_SERVER['SERVER_NAME'];
?>
</body>
</html>
