<?php

require __DIR__ . '/config.php';

$db = new mysqli(DB_HOST, DB_USER, getenv('DB_PASS'), 'shop');
$pdo = new PDO(DB_DSN, DB_USER, getenv('DB_PASS'));

// Direct: a query parameter concatenated into the SQL text.
$id = $_GET['id'];
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
$res = mysqli_query($db, "SELECT * FROM products WHERE id = " . $id);

// Interpolation into the text given to PDO.
$name = trim($_POST['name']);
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
$rows = $pdo->query("SELECT * FROM users WHERE name = '$name'");
// ok: php/taint-sql-injection
$stmt = $pdo->prepare('SELECT * FROM users WHERE name = ?');
$stmt->execute([$name]);

// Built up with .= and a sprintf.
$sql = 'SELECT * FROM orders WHERE 1 = 1';
$sql .= " AND status = '" . $_REQUEST['status'] . "'";
$order = sprintf(' ORDER BY %s', $_GET['sort']);
// ruleid: php/taint-sql-injection
$db->query($sql . $order);

// A cookie re-assigned through a ternary, and a header from $_SERVER.
$lang = isset($_COOKIE['lang']) ? $_COOKIE['lang'] : 'en';
$agent = $_SERVER['HTTP_USER_AGENT'];
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
$pdo->exec("INSERT INTO visits (lang, agent) VALUES ('{$lang}', '" . $agent . "')");

// A server variable the client does not write.
$host = $_SERVER['SERVER_NAME'];
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->exec("INSERT INTO hosts (name) VALUES ('$host')");

// Escaped, quoted, cast to a number.
$safe = mysqli_real_escape_string($db, $_GET['q']);
// ok: php/taint-sql-injection
// ok: php/sql-injection
mysqli_query($db, "SELECT * FROM products WHERE name = '$safe'");
$quoted = $pdo->quote($_GET['q']);
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM products WHERE name = $quoted");
$page = (int) $_GET['page'];
$limit = intval($_GET['limit']);
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM products LIMIT $limit OFFSET " . ($page * $limit));
$min = filter_input(INPUT_GET, 'min', FILTER_VALIDATE_INT);
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM products WHERE price >= $min");
// FILTER_SANITIZE_NUMBER_INT keeps `+` and `-`: `1--` comments out the owner check.
$order_id = filter_var($_GET['order'], FILTER_SANITIZE_NUMBER_INT);
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
$pdo->query("SELECT * FROM orders WHERE id = $order_id AND owner = 5");
$order_id = filter_var($_GET['order'], FILTER_VALIDATE_INT);
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM orders WHERE id = $order_id AND owner = 5");

// filter_input without a filter lets anything through.
$tag = filter_input(INPUT_GET, 'tag');
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
pg_query($conn, "SELECT * FROM tags WHERE name = '$tag'");

// Overwritten with a constant before the query.
$sort = $_GET['sort'];
$sort = 'created_at';
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM posts ORDER BY $sort");

// An allow-list: the column comes from a constant map indexed by the request.
$columns = ['name' => 'p.name', 'price' => 'p.price'];
$column = $columns[$_GET['by']] ?? 'p.name';
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM products p ORDER BY $column");

// A container holding a request value and a constant: only the constant is read back.
$filters = ['owner' => $_GET['owner'], 'kind' => 'invoice'];
$kind = $filters['kind'];
// ok: php/taint-sql-injection
// ok: php/sql-injection
$pdo->query("SELECT * FROM docs WHERE kind = '$kind'");
$owner = $filters['owner'];
// ruleid: php/taint-sql-injection
// ruleid: php/sql-injection
$pdo->query("SELECT * FROM docs WHERE owner = '$owner'");

// A dead branch.
if (false) {
    // ok: php/taint-sql-injection
    // ok: php/sql-injection
    $pdo->exec("DELETE FROM docs WHERE owner = '" . $owner . "'");
}

// Pieces collected in a loop and imploded.
$clauses = [];
foreach ($_POST['ids'] as $value) {
    $clauses[] = "id = $value";
}
// ruleid: php/sql-injection
// ruleid: php/taint-sql-injection
$pdo->query('SELECT * FROM items WHERE ' . implode(' OR ', $clauses));

// Only constants and configuration.
$table = DB_PREFIX . 'users';
// ok: php/sql-injection
// ok: php/taint-sql-injection
$pdo->query('SELECT COUNT(*) FROM ' . $table);

function search(PDO $pdo, $term)
{
    // A parameter of a plain function is not request data.
    // ok: php/taint-sql-injection
    // ruleid: php/sql-injection
    return $pdo->query("SELECT * FROM products WHERE name LIKE '%$term%'");
}

class ProductController
{
    private $db;

    public function show(Request $request)
    {
        $slug = $request->query->get('slug');
        $sql = str_replace(':slug', $slug, 'SELECT * FROM products WHERE slug = ":slug"');
        // ruleid: php/taint-sql-injection
        return $this->db->query($sql);
    }

    public function byCategory($category)
    {
        $this->db->where('category', $category);
        // ok: php/taint-sql-injection
        return $this->db->query('SELECT * FROM products WHERE category = ?', [$category]);
    }

    public function raw()
    {
        $ids = explode(',', $_GET['ids']);
        // ruleid: php/sql-injection
        // ruleid: php/taint-sql-injection
        return DB::select('SELECT * FROM products WHERE id IN (' . implode(',', $ids) . ')');
    }

    public function numbers()
    {
        $ids = array_map('intval', explode(',', $_GET['ids']));
        $in = implode(',', $ids);
        // ok: php/sql-injection
        // ok: php/taint-sql-injection
        return DB::select("SELECT * FROM products WHERE id IN ($in)");
    }
}

function search_titles($wpdb)
{
    // esc_like escapes only LIKE's wildcards, not quotes.
    $like = $wpdb->esc_like($_GET['q']);
    // ruleid: php/taint-sql-injection
    // ruleid: php/sql-injection
    return $wpdb->get_results("SELECT * FROM posts WHERE title LIKE '%" . $like . "%'");
}
