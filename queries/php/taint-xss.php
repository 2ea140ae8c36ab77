<?php

// Direct: a query parameter echoed into the page.
$name = $_GET['name'] ?? 'world';
// ruleid: php/taint-xss
echo "<h1>Hello $name</h1>";
// ok: php/taint-xss
echo '<h1>Hello ' . htmlspecialchars($name, ENT_QUOTES, 'UTF-8') . '</h1>';

// Built with .= and str_replace, then printed.
$body = $_POST['body'];
$html = '<div class="preview">';
$html .= str_replace("\n", '<br>', $body);
$html .= '</div>';
// ruleid: php/taint-xss
echo $html;

// print, printf and die.
$title = $_GET['title'];
// ruleid: php/taint-xss
print "<p>No page named {$title}.</p>";
// ruleid: php/taint-xss
printf('<a href="/edit?title=%s">%s</a>', urlencode($title), $title);
// ok: php/taint-xss
printf('<a href="/edit?title=%s">create it</a>', urlencode($title));
$token = $_COOKIE['session'];
if (!preg_match('/^[a-f0-9]{32}$/', $token)) {
    // ruleid: php/taint-xss
    die('Invalid session: ' . $token);
}

// A number, and a count, are safe.
$page = (int) $_GET['page'];
$tags = explode(',', $_GET['tags']);
// ok: php/taint-xss
echo "<p>Page $page, " . count($tags) . ' tags</p>';

// Items of a tainted list walked in a loop.
foreach ($tags as $tag) {
    // ruleid: php/taint-xss
    echo "<li>$tag</li>";
    // ok: php/taint-xss
    echo '<li>' . htmlentities($tag) . '</li>';
}

// A message map indexed by the request (allow-list).
$messages = ['saved' => 'Your changes were saved.', 'deleted' => 'The page was deleted.'];
$notice = $messages[$_GET['msg']] ?? '';
// ok: php/taint-xss
echo "<div class='notice'>$notice</div>";

// A view model holding a request value and a constant.
$view = [];
$view['query'] = $_GET['q'];
$view['heading'] = 'Search results';
// ok: php/taint-xss
echo '<h2>' . $view['heading'] . '</h2>';
// ruleid: php/taint-xss
echo '<p>You searched for ' . $view['query'] . '</p>';

// Overwritten, and a dead branch.
$debug = $_GET['debug'];
$debug = '';
// ok: php/taint-xss
echo $debug;
if (false) {
    // ok: php/taint-xss
    // ok: php/xss-echo-request
    echo $_GET['trace'];
}

// The URI of the request is written by the client.
$self = $_SERVER['PHP_SELF'];
$addr = $_SERVER['REMOTE_ADDR'];
?>
<!-- ruleid: php/taint-xss -->
<form action="<?= $self ?>" method="post">
<!-- ok: php/taint-xss -->
<p>Your address: <?= $addr ?></p>
<!-- ok: php/taint-xss -->
<input name="q" value="<?= htmlspecialchars($_GET['q'] ?? '') ?>">
<!-- ok: php/taint-xss -->
<input name="q" value="<?= htmlspecialchars($_GET['q'] ?? '', ENT_QUOTES | ENT_HTML5, 'UTF-8') ?>">
<!-- ok: php/taint-xss -->
<input name="q" value="<?= htmlspecialchars($_GET['q'] ?? '', ENT_COMPAT, 'UTF-8') ?>">
<!-- ENT_NOQUOTES, and ENT_HTML5 alone, leave both quotes: `" autofocus onfocus="...` -->
<!-- ruleid: php/taint-xss -->
<input name="q" value="<?= htmlspecialchars($_GET['q'] ?? '', ENT_NOQUOTES, 'UTF-8') ?>">
<!-- ruleid: php/taint-xss -->
<input name="q" value="<?= htmlentities($_GET['q'] ?? '', ENT_HTML5) ?>">
<!-- ruleid: php/taint-xss -->
<input name="q" value="<?= strip_tags($_GET['q'] ?? '') ?>">
</form>
<?php

class SearchController
{
    public function results(Request $request)
    {
        $terms = sprintf('%s (%d)', $request->query->get('q'), 10);
        // ruleid: php/taint-xss
        echo "<title>Search: $terms</title>";
        $rows = $this->db->query('SELECT title FROM pages ORDER BY title')->fetchAll();
        foreach ($rows as $row) {
            // ok: php/taint-xss
            echo '<li>' . $row['title'] . '</li>';
        }
    }

    public function footer($year)
    {
        // ok: php/taint-xss
        echo "<footer>$year</footer>";
    }
}

function send_source($page)
{
    header('Content-Type: text/plain; charset=utf-8');
    // ok: php/taint-xss
    echo $_GET['source'];
}

function send_page()
{
    header('Content-Type: text/html; charset=utf-8');
    // ruleid: php/taint-xss
    // ruleid: php/xss-echo-request
    echo $_GET['page'];
}
