use rusqlite::{params, Connection};
use sqlx::PgPool;

pub struct Shell;

impl Shell {
    fn execute(&self, line: &str) -> usize {
        line.len()
    }
}

pub fn delete_user(conn: &Connection, name: &str) -> rusqlite::Result<usize> {
    // ruleid: rust/sql-format-string
    conn.execute(&format!("DELETE FROM users WHERE name = '{}'", name), [])
}

pub async fn find_orders(pool: &PgPool, customer: &str) -> sqlx::Result<Vec<Order>> {
    // ruleid: rust/sql-format-string
    sqlx::query_as::<_, Order>(&format!("SELECT * FROM orders WHERE customer = '{customer}'"))
        .fetch_all(pool)
        .await
}

pub fn search(conn: &mut diesel::PgConnection, term: &str) -> diesel::QueryResult<Vec<Item>> {
    use diesel::RunQueryDsl;
    // ruleid: rust/sql-format-string
    diesel::sql_query(format!("SELECT * FROM items WHERE title LIKE '%{}%'", term)).load(conn)
}

pub fn count(conn: &Connection, table: &str) -> rusqlite::Result<i64> {
    // ruleid: rust/sql-format-string
    let mut stmt = conn.prepare(format!("SELECT COUNT(*) FROM {}", table).as_str())?;
    stmt.query_row([], |r| r.get(0))
}

pub fn rename(conn: &Connection, id: i64, title: &str) -> rusqlite::Result<usize> {
    // ruleid: rust/sql-format-string
    let sql = format!("UPDATE items SET title = '{}' WHERE id = {}", title, id);
    conn.execute(&sql, [])
}

pub async fn safe(conn: &Connection, pool: &PgPool, shell: &Shell, name: &str) -> sqlx::Result<()> {
    // ok: rust/sql-format-string
    conn.execute("DELETE FROM users WHERE name = ?1", params![name]).unwrap();
    // ok: rust/sql-format-string
    sqlx::query("SELECT * FROM orders WHERE customer = $1").bind(name).fetch_all(pool).await?;
    // ok: rust/sql-format-string
    shell.execute(&format!("echo {}", name));
    // ok: rust/sql-format-string
    let msg = format!("select {} rows", 3);
    // ok: rust/sql-format-string
    conn.execute(&format!("SELECT * FROM {{literal}}"), []).unwrap();
    // ok: rust/sql-format-string
    let sql = format!("SELECT * FROM items WHERE id = $1");
    // ok: rust/sql-format-string
    let query = format!("name={}&page={}", name, 2);
    let _ = (msg, sql, query);
    Ok(())
}
