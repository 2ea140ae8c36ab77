/*
 * Control-port handlers backed by the SQLite index.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sqlite3.h>

#include "logd.h"

/* Canned statistics, by the name clients use. */
static const struct {
    const char *name;
    const char *sql;
} STAT_QUERIES[] = {
    {"hosts", "SELECT COUNT(DISTINCT host) FROM entries"},
    {"entries", "SELECT COUNT(*) FROM entries"},
    {"errors", "SELECT COUNT(*) FROM entries WHERE level <= 3"},
    {"tags", "SELECT tag, COUNT(*) FROM entries WHERE tag IS NOT NULL GROUP BY tag"},
};

static void send_rows(int fd, sqlite3_stmt *stmt)
{
    while (sqlite3_step(stmt) == SQLITE_ROW) {
        const unsigned char *host = sqlite3_column_text(stmt, 1);
        const unsigned char *line = sqlite3_column_text(stmt, 2);

        dprintf(fd, "%lld\t%s\t%s\n", (long long)sqlite3_column_int64(stmt, 0),
                host != NULL ? (const char *)host : "", line != NULL ? (const char *)line : "");
    }
}

/* QUERY <host>: the last 50 lines received from one host. */
void handle_query(int fd)
{
    char req[LOGD_REQ_MAX];
    char sql[LOGD_REQ_MAX + 128];
    char *host;
    ssize_t n;

    n = read(fd, req, sizeof req - 1);
    if (n <= 6)
        return;
    req[n] = '\0';
    host = trim(req + 6);
    snprintf(sql, sizeof sql, "SELECT ts, line FROM entries WHERE host = '%s' ORDER BY ts DESC LIMIT 50", host);
    if (sqlite3_exec(store_db(), sql, store_print_row, &fd, NULL) != SQLITE_OK)
        send_line(fd, "ERR query");
}

/* COUNT <level>: number of lines at syslog level <level> or more severe. */
void handle_count(int fd)
{
    char req[LOGD_REQ_MAX];
    char sql[128];
    char *end;
    long level;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    strip_eol(req);
    level = strtol(req + 6, &end, 10);
    if (end == req + 6 || level < 0 || level > 7) {
        send_line(fd, "ERR level must be 0-7");
        return;
    }
    snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM entries WHERE level <= %ld", level);
    if (sqlite3_exec(store_db(), sql, store_print_row, &fd, NULL) != SQLITE_OK)
        send_line(fd, "ERR query");
}

/* SEARCH <text>: the last 100 lines containing <text>. */
void handle_search(int fd)
{
    char req[LOGD_REQ_MAX];
    sqlite3_stmt *stmt;
    char *text;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    text = trim(req + 7);
    if (sqlite3_prepare_v2(store_db(), "SELECT ts, host, line FROM entries WHERE instr(line, ?1) > 0 ORDER BY ts DESC LIMIT 100", -1, &stmt, NULL) != SQLITE_OK) {
        send_line(fd, "ERR query");
        return;
    }
    sqlite3_bind_text(stmt, 1, text, -1, SQLITE_TRANSIENT);
    send_rows(fd, stmt);
    sqlite3_finalize(stmt);
}

/* TAG <tag>: the last 100 lines carrying a tag. */
void handle_tag(int fd)
{
    static const char prefix[] = "SELECT ts, host, line FROM entries WHERE tag = '";
    static const char suffix[] = "' ORDER BY ts DESC LIMIT 100";
    char req[LOGD_REQ_MAX];
    char sql[sizeof prefix + 128 + sizeof suffix];
    sqlite3_stmt *stmt;
    size_t taglen;
    char *tag;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 4)
        return;
    req[n] = '\0';
    strip_eol(req);
    tag = req + 4;
    taglen = strlen(tag);
    if (taglen > 128)
        taglen = 128;

    memcpy(sql, prefix, sizeof prefix - 1);
    memcpy(sql + sizeof prefix - 1, tag, taglen);
    memcpy(sql + sizeof prefix - 1 + taglen, suffix, sizeof suffix);
    if (sqlite3_prepare_v2(store_db(), sql, -1, &stmt, NULL) != SQLITE_OK) {
        send_line(fd, "ERR query");
        return;
    }
    send_rows(fd, stmt);
    sqlite3_finalize(stmt);
}

/* STATS <name>: one of the canned statistics. */
void handle_stats(int fd)
{
    char req[LOGD_REQ_MAX];
    const char *sql = NULL;
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
    if (sql == NULL) {
        send_line(fd, "ERR unknown statistic");
        return;
    }
    if (sqlite3_exec(store_db(), sql, store_print_row, &fd, NULL) != SQLITE_OK)
        send_line(fd, "ERR query");
}
