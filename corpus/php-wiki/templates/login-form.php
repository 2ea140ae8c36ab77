<form class="login" method="post" action="/login.php?op=login&amp;next=<?= htmlspecialchars(rawurlencode($_GET['next'] ?? '/index.php'), ENT_QUOTES, 'UTF-8') ?>">
  <label>User name <input name="username" autocomplete="username" required></label>
  <label>Password <input name="password" type="password" autocomplete="current-password" required></label>
  <button type="submit">Sign in</button>
</form>
