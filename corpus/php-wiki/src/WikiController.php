<?php

require_once __DIR__ . '/../config.php';
require_once __DIR__ . '/helpers.php';

/**
 * Page actions, reached through public/index.php?action=...
 */
class WikiController
{
    private PDO $pdo;

    public function __construct(PDO $pdo)
    {
        $this->pdo = $pdo;
    }

    /** ?action=show&id=12 */
    public function show(): void
    {
        $stmt = $this->pdo->prepare('SELECT title, body, updated_at FROM pages WHERE id = ?');
        $stmt->execute([$_GET['id'] ?? 0]);
        $page = $stmt->fetch();
        if (!$page) {
            http_response_code(404);
            echo '<p class="error">There is no page with this id.</p>';
            return;
        }
        echo '<h1>' . htmlspecialchars($page['title'], ENT_QUOTES, 'UTF-8') . '</h1>';
        echo '<div class="page">' . nl2br(htmlspecialchars($page['body'], ENT_QUOTES, 'UTF-8')) . '</div>';
    }

    /** ?action=search&q=... : the search box in the header. */
    public function search(): void
    {
        $term = trim($_GET['q'] ?? '');
        $namespace = 'main';
        $pattern = "%{$term}%";
        echo '<h2>Results for ' . htmlspecialchars($term, ENT_QUOTES, 'UTF-8') . '</h2>';
        $rows = $this->pdo->query("SELECT id, title FROM pages WHERE namespace = '{$namespace}' AND (title LIKE '{$pattern}' OR body LIKE '{$pattern}') ORDER BY title LIMIT 50")->fetchAll();
        echo '<ul class="results">';
        foreach ($rows as $row) {
            echo '<li><a href="?action=show&amp;id=' . (int) $row['id'] . '">' . htmlspecialchars($row['title'], ENT_QUOTES, 'UTF-8') . '</a></li>';
        }
        echo '</ul>';
    }

    /** ?action=recent&limit=50 */
    public function recent(): void
    {
        $limit = (int) ($_GET['limit'] ?? 20);
        $limit = max(1, min($limit, 200));
        echo '<p class="hint">Showing the last ' . $limit . ' changes.</p>';
        $rows = $this->pdo->query("SELECT id, title, updated_at FROM pages ORDER BY updated_at DESC LIMIT {$limit}")->fetchAll();
        foreach ($rows as $row) {
            echo '<li>' . htmlspecialchars($row['title'], ENT_QUOTES, 'UTF-8') . ' <time>' . htmlspecialchars($row['updated_at'], ENT_QUOTES, 'UTF-8') . '</time></li>';
        }
    }

    /** ?action=history&page=12&authors[]=alice&authors[]=bob */
    public function history(): void
    {
        $pageId = (int) ($_GET['page'] ?? 0);
        $authors = [];
        foreach ((array) ($_GET['authors'] ?? []) as $author) {
            $authors[] = trim($author);
        }
        $sql = 'SELECT rev_id, author, summary, created_at FROM revisions WHERE page_id = ?';
        if ($authors) {
            $sql .= ' AND author IN (' . implode(', ', array_fill(0, count($authors), '?')) . ')';
        }
        $stmt = $this->pdo->prepare($sql . ' ORDER BY created_at DESC');
        $stmt->execute(array_merge([$pageId], $authors));
        echo '<table class="history">';
        foreach ($stmt->fetchAll() as $row) {
            echo '<tr><td>' . (int) $row['rev_id'] . '</td><td>' . htmlspecialchars($row['author'], ENT_QUOTES, 'UTF-8') . '</td><td>' . htmlspecialchars($row['summary'], ENT_QUOTES, 'UTF-8') . '</td></tr>';
        }
        echo '</table>';
    }

    /** ?action=revision&rev=311 */
    public function revision(): void
    {
        $link = db_link();
        $result = mysqli_query($link, 'SELECT author, body FROM revisions WHERE rev_id = ' . intval($_GET['rev'] ?? 0));
        $row = mysqli_fetch_assoc($result);
        echo '<pre class="revision">' . htmlspecialchars($row['body'] ?? '', ENT_QUOTES, 'UTF-8') . '</pre>';
    }

    /** ?action=missing&title=... : target of red links to pages that do not exist yet. */
    public function missing(): void
    {
        $title = str_replace('_', ' ', $_GET['title'] ?? '');
        http_response_code(404);
        print "<p>The page <strong>{$title}</strong> does not exist yet. <a href=\"?action=edit&amp;title=" . urlencode($title) . "\">Create it</a>.</p>";
    }

    /** POST ?action=preview : live preview while a page is being edited. */
    public function preview(): void
    {
        $body = $_POST['body'] ?? '';
        $html = '<div class="preview">';
        $html .= str_replace("\n\n", '</p><p>', '<p>' . $body . '</p>');
        $html .= '</div>';
        echo $html;
    }

    /** ?action=raw&page=Main Page : the page's markdown source. */
    public function raw(): void
    {
        $name = str_replace(' ', '_', $_GET['page'] ?? 'Main_Page');
        $source = file_get_contents(PAGES_DIR . '/' . $name . '.md');
        send_text($source === false ? '' : $source);
    }

    /** ?action=attachment&file=diagram.png */
    public function attachment(): void
    {
        $file = basename($_GET['file'] ?? '');
        header('Content-Type: application/octet-stream');
        readfile(ATTACH_DIR . '/' . $file);
    }

    /** POST ?action=check-links with {"urls": [...]} : the editor's dead-link checker. */
    public function checkLinks(): void
    {
        $request = json_decode(file_get_contents('php://input'), true) ?: [];
        $status = [];
        foreach ($request['urls'] ?? [] as $url) {
            $ch = curl_init();
            curl_setopt($ch, CURLOPT_URL, $url);
            curl_setopt($ch, CURLOPT_NOBODY, true);
            curl_setopt($ch, CURLOPT_RETURNTRANSFER, true);
            curl_setopt($ch, CURLOPT_TIMEOUT, 5);
            curl_exec($ch);
            $status[] = ['url' => $url, 'code' => curl_getinfo($ch, CURLINFO_HTTP_CODE)];
            curl_close($ch);
        }
        json_response(['links' => $status]);
    }

    /** ?action=can-edit&page=Runbook : asked by the editor before it unlocks a page. */
    public function canEdit(): void
    {
        $xpath = $this->aclIndex();
        $user = $_SESSION['user'] ?? 'anonymous';
        $page = $_GET['page'] ?? '';
        $query = sprintf("//page[@name='%s']/editor[@user='%s']", $page, $user);
        $allowed = $xpath->evaluate("count({$query})") > 0;
        json_response(['allowed' => $allowed]);
    }

    /** ?action=editors&id=12 : lists who may edit a page, for the page info box. */
    public function editors(): void
    {
        $xpath = $this->aclIndex();
        $pageId = (int) ($_GET['id'] ?? 0);
        $nodes = $xpath->query('//page[@id=' . $pageId . ']/editor/@user');
        $editors = [];
        foreach ($nodes as $node) {
            $editors[] = $node->nodeValue;
        }
        json_response(['editors' => $editors]);
    }

    private function aclIndex(): DOMXPath
    {
        $doc = new DOMDocument();
        $doc->load(ACL_FILE, LIBXML_NONET);
        return new DOMXPath($doc);
    }
}
