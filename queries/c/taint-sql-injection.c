/*
 * Handlers of a log daemon backed by SQLite, and an operator tool writing to
 * MySQL and PostgreSQL: request data, argv and stdin reach the SQL text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sqlite3.h>
#include <mysql/mysql.h>
#include <libpq-fe.h>

extern sqlite3 *store_db(void);
extern char *trim(char *s);
extern int print_row(void *arg, int ncols, char **values, char **names);

/* Canned statistics, by the name clients use. */
static const struct {
    const char *name;
    const char *sql;
} STAT_QUERIES[] = {
    {"hosts", "SELECT COUNT(DISTINCT host) FROM entries"},
    {"entries", "SELECT COUNT(*) FROM entries"},
};

/* QUERY <host>: the last lines from one host. */
void handle_query(int fd)
{
    char req[256];
    char sql[512];
    char *host;
    char *quoted;
    ssize_t n;

    n = read(fd, req, sizeof req - 1);
    if (n <= 6)
        return;
    req[n] = '\0';
    host = trim(req + 6);
    snprintf(sql, sizeof sql, "SELECT ts, line FROM entries WHERE host = '%s'", host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), sql, print_row, &fd, NULL);

    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE host = '%q'", host);
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);

    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE host = '%s'", host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);

    /* %Q adds its own quotes; %q adds none, so outside quotes `1 OR 1=1` is SQL. */
    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE host = %Q", host);
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE line LIKE '%%%q%%' LIMIT 20", host);
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE id = %q", host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE host = '%q' AND tag = %q", host, host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    /* Inside quotes, %Q's own quotes close the literal: ''x OR 1=1--''. */
    quoted = sqlite3_mprintf("SELECT ts, line FROM entries WHERE host = '%Q'", host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    quoted = sqlite3_mprintf("SELECT \"%w\" FROM entries", host);
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
    quoted = sqlite3_mprintf("SELECT %w FROM entries", host);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), quoted, print_row, &fd, NULL);
    sqlite3_free(quoted);
}

/* COUNT <level>, SEARCH <text>: numbers and bound values. */
void handle_count(int fd)
{
    char req[256];
    char sql[128];
    sqlite3_stmt *stmt;
    char *end;
    long level;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    level = strtol(req + 6, &end, 10);
    if (end == req + 6 || level < 0 || level > 7)
        return;
    snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM entries WHERE level <= %ld", level);
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), sql, print_row, &fd, NULL);

    // ok: c/taint-sql-injection
    sqlite3_prepare_v2(store_db(), "SELECT ts, line FROM entries WHERE instr(line, ?1) > 0", -1, &stmt, NULL);
    sqlite3_bind_text(stmt, 1, req + 6, -1, SQLITE_TRANSIENT);
    sqlite3_step(stmt);
    sqlite3_finalize(stmt);
}

/* TAG <tag>: the SQL text is assembled with memcpy. */
void handle_tag(int fd)
{
    static const char prefix[] = "SELECT ts, line FROM entries WHERE tag = '";
    static const char suffix[] = "'";
    char req[256];
    char sql[sizeof prefix + 128 + sizeof suffix];
    sqlite3_stmt *stmt;
    size_t taglen;
    char *tag;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 4)
        return;
    req[n] = '\0';
    tag = req + 4;
    taglen = strlen(tag);
    if (taglen > 128)
        taglen = 128;
    memcpy(sql, prefix, sizeof prefix - 1);
    memcpy(sql + sizeof prefix - 1, tag, taglen);
    memcpy(sql + sizeof prefix - 1 + taglen, suffix, sizeof suffix);
    // ruleid: c/taint-sql-injection
    sqlite3_prepare_v2(store_db(), sql, -1, &stmt, NULL);
    sqlite3_finalize(stmt);
}

/* STATS <name>: one of the canned statistics. */
void handle_stats(int fd)
{
    char req[256];
    const char *sql = NULL;
    const char *queries[2];
    char *name;
    size_t i;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    name = trim(req + 6);
    for (i = 0; i < sizeof STAT_QUERIES / sizeof STAT_QUERIES[0]; i++) {
        if (strcmp(name, STAT_QUERIES[i].name) == 0)
            sql = STAT_QUERIES[i].sql;
    }
    if (sql == NULL)
        return;
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), sql, print_row, &fd, NULL);

    queries[0] = "SELECT COUNT(*) FROM entries";
    queries[1] = name;
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), queries[0], print_row, &fd, NULL);
    // ruleid: c/taint-sql-injection
    sqlite3_exec(store_db(), queries[1], print_row, &fd, NULL);

    if (0) {
        // ok: c/taint-sql-injection
        sqlite3_exec(store_db(), name, print_row, &fd, NULL);
    }
    sql = name;
    sql = "SELECT COUNT(*) FROM entries";
    // ok: c/taint-sql-injection
    sqlite3_exec(store_db(), sql, print_row, &fd, NULL);
}

/* Indexes "host text" lines read from stdin. */
int import_lines(sqlite3 *db, MYSQL *my, PGconn *pg)
{
    char sql[4096];
    char escaped[1024];
    char *line = NULL;
    size_t cap = 0;
    char *host;
    char *text;
    char *literal;
    PGresult *res;

    while (getline(&line, &cap, stdin) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        host = line;
        text = strchr(line, ' ');
        if (text == NULL)
            continue;
        *text = '\0';
        text += 1;
        snprintf(sql, sizeof sql, "INSERT INTO entries (host, line) VALUES ('%s', '%s')", host, text);
        // ruleid: c/taint-sql-injection
        sqlite3_exec(db, sql, NULL, NULL, NULL);
        // ruleid: c/taint-sql-injection
        mysql_query(my, sql);

        mysql_real_escape_string(my, escaped, text, strlen(text));
        snprintf(sql, sizeof sql, "INSERT INTO entries (line) VALUES ('%s')", escaped);
        // ok: c/taint-sql-injection
        mysql_query(my, sql);

        literal = PQescapeLiteral(pg, text, strlen(text));
        snprintf(sql, sizeof sql, "INSERT INTO entries (line) VALUES (%s)", literal);
        // ok: c/taint-sql-injection
        res = PQexec(pg, sql);
        PQclear(res);
        PQfreemem(literal);
    }
    free(line);
    return 0;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    sqlite3_stmt *stmt;
    PGconn *pg = NULL;
    PGresult *res;
    char sql[1024];
    char clause[512];
    const char *params[1];
    struct {
        const char *column;
        const char *value;
    } where[2];
    int nwhere = 0;
    int i;

    if (argc < 3 || sqlite3_open("/var/lib/logd/index.db", &db) != SQLITE_OK)
        return 2;
    where[nwhere].column = "host";
    where[nwhere].value = argv[2];
    nwhere++;
    if (argc == 4) {
        where[nwhere].column = "tag";
        where[nwhere].value = argv[3];
        nwhere++;
    }
    snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM entries WHERE 1 = 1");
    for (i = 0; i < nwhere; i++) {
        snprintf(clause, sizeof clause, " AND %s = '%s'", where[i].column, where[i].value);
        strncat(sql, clause, sizeof sql - strlen(sql) - 1);
    }
    // ruleid: c/taint-sql-injection
    sqlite3_prepare_v2(db, sql, -1, &stmt, NULL);
    sqlite3_finalize(stmt);

    snprintf(sql, sizeof sql, "DELETE FROM entries WHERE host = '%s'", argv[1]);
    // ruleid: c/taint-sql-injection
    res = PQexec(pg, sql);
    PQclear(res);

    params[0] = argv[1];
    // ok: c/taint-sql-injection
    res = PQexecParams(pg, "DELETE FROM entries WHERE host = $1", 1, NULL, params, NULL, NULL, 0);
    PQclear(res);

    // ok: c/taint-sql-injection
    sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS entries (host TEXT, line TEXT)", NULL, NULL, NULL);
    sqlite3_close(db);
    return 0;
}
