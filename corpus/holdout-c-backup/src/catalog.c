/*
 * The snapshot catalog: one sqlite3 database recording every archive the
 * agent has written, queried by the scheduler through the FIND, INFO,
 * FRGT, PRUN and RCNT opcodes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#include "bkagent.h"

#define MAX_PRUNE 32

sqlite3 *bk_catalog;

static const char schema[] =
    "CREATE TABLE IF NOT EXISTS snapshots ("
    " id INTEGER PRIMARY KEY,"
    " label TEXT NOT NULL UNIQUE,"
    " host TEXT NOT NULL,"
    " created INTEGER NOT NULL,"
    " size INTEGER NOT NULL DEFAULT 0)";

int catalog_open(const char *path)
{
    char *err = NULL;

    if (sqlite3_open(path, &bk_catalog) != SQLITE_OK)
        return -1;
    if (sqlite3_exec(bk_catalog, schema, NULL, NULL, &err) != SQLITE_OK) {
        fprintf(stderr, "bkagentd: catalog schema: %s\n", err);
        sqlite3_free(err);
        return -1;
    }
    return 0;
}

void catalog_close(void)
{
    sqlite3_close(bk_catalog);
    bk_catalog = NULL;
}

int catalog_record(const char *label, const char *host)
{
    sqlite3_stmt *st;
    int rc;

    if (sqlite3_prepare_v2(bk_catalog, "INSERT OR REPLACE INTO snapshots (label, host, created) VALUES (?1, ?2, strftime('%s', 'now'))", -1, &st, NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(st, 2, host, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(st);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* sqlite3_exec callback: one tab-separated line per row */
static int send_row(void *arg, int ncols, char **values, char **names)
{
    int fd = *(int *)arg;
    char line[BK_ARG_MAX];
    size_t off = 0;
    int i;

    (void)names;
    line[0] = '\0';
    for (i = 0; i < ncols && off < sizeof(line); i++)
        off += (size_t)snprintf(line + off, sizeof(line) - off, "%s%s", i > 0 ? "\t" : "", values[i] ? values[i] : "");
    return bk_send_line(fd, line) == 0 ? 0 : 1;
}

/* FIND <host>: list the snapshots taken of one host. */
void handle_find(int fd)
{
    static const char prefix[] = "SELECT id, label, created, size FROM snapshots WHERE host = '";
    static const char suffix[] = "' ORDER BY created DESC";
    char host[256];
    char *sql;
    char *err = NULL;
    ssize_t n;

    n = recv(fd, host, sizeof(host) - 1, 0);
    if (n <= 0)
        return;
    host[n] = '\0';
    bk_chomp(host);

    sql = malloc(sizeof(prefix) + strlen(host) + sizeof(suffix));
    if (sql == NULL) {
        bk_send_status(fd, 0, "out of memory");
        return;
    }
    strcpy(sql, prefix);
    strcat(sql, host);
    strcat(sql, suffix);
    if (sqlite3_exec(bk_catalog, sql, send_row, &fd, &err) != SQLITE_OK) {
        bk_send_status(fd, 0, "query failed");
        sqlite3_free(err);
    }
    free(sql);
}

/* INFO <label>: details of one snapshot. */
void handle_info(int fd)
{
    char label[BK_ARG_MAX];
    char line[BK_ARG_MAX];
    sqlite3_stmt *st;
    ssize_t n;

    n = recv(fd, label, sizeof(label) - 1, 0);
    if (n <= 0)
        return;
    label[n] = '\0';
    bk_chomp(label);

    if (sqlite3_prepare_v2(bk_catalog, "SELECT id, host, created, size FROM snapshots WHERE label = ?1", -1, &st, NULL) != SQLITE_OK) {
        bk_send_status(fd, 0, "query failed");
        return;
    }
    sqlite3_bind_text(st, 1, label, -1, SQLITE_TRANSIENT);
    if (sqlite3_step(st) == SQLITE_ROW) {
        snprintf(line, sizeof(line), "OK id=%lld host=%s created=%lld size=%lld",
                 (long long)sqlite3_column_int64(st, 0), (const char *)sqlite3_column_text(st, 1),
                 (long long)sqlite3_column_int64(st, 2), (long long)sqlite3_column_int64(st, 3));
        bk_send_line(fd, line);
    } else {
        bk_send_status(fd, 0, "no such snapshot");
    }
    sqlite3_finalize(st);
}

/* FRGT <label>: drop one snapshot from the catalog (the archive stays in the spool). */
void handle_forget(int fd)
{
    char label[BK_ARG_MAX];
    char *sql;
    char *err = NULL;
    ssize_t n;

    n = recv(fd, label, sizeof(label) - 1, 0);
    if (n <= 0)
        return;
    label[n] = '\0';
    bk_chomp(label);

    sql = sqlite3_mprintf("DELETE FROM snapshots WHERE label = '%q'", label);
    if (sql == NULL) {
        bk_send_status(fd, 0, "out of memory");
        return;
    }
    if (sqlite3_exec(bk_catalog, sql, NULL, NULL, &err) != SQLITE_OK) {
        bk_send_status(fd, 0, "delete failed");
        sqlite3_free(err);
    } else {
        bk_send_status(fd, 1, "forgotten");
    }
    sqlite3_free(sql);
}

/* PRUN <label>,<label>,...: drop the catalog entries of archives the scheduler expired. */
void handle_prune(int fd)
{
    char req[BK_ARG_MAX];
    char sql[BK_SQL_MAX];
    char *labels[MAX_PRUNE];
    char *tok, *save = NULL;
    char *err = NULL;
    size_t nlabels = 0, i, off;
    ssize_t n;

    n = read(fd, req, sizeof(req) - 1);
    if (n <= 0)
        return;
    req[n] = '\0';
    bk_chomp(req);

    for (tok = strtok_r(req, ",", &save); tok != NULL && nlabels < MAX_PRUNE; tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ')
            tok++;
        if (*tok != '\0')
            labels[nlabels++] = tok;
    }
    if (nlabels == 0) {
        bk_send_status(fd, 0, "nothing to prune");
        return;
    }

    off = (size_t)snprintf(sql, sizeof(sql), "DELETE FROM snapshots WHERE label IN (");
    for (i = 0; i < nlabels; i++) {
        off += (size_t)snprintf(sql + off, sizeof(sql) - off, "%s'%s'", i > 0 ? ", " : "", labels[i]);
        if (off >= sizeof(sql) - 2) {
            bk_send_status(fd, 0, "request too long");
            return;
        }
    }
    sql[off++] = ')';
    sql[off] = '\0';

    if (sqlite3_exec(bk_catalog, sql, NULL, NULL, &err) != SQLITE_OK) {
        bk_send_status(fd, 0, "prune failed");
        sqlite3_free(err);
        return;
    }
    bk_send_status(fd, 1, "pruned");
}

/* RCNT [count]: the most recent snapshots across all hosts. */
void handle_recent(int fd)
{
    char req[32];
    char sql[BK_SQL_MAX];
    char *err = NULL;
    int limit;
    ssize_t n;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n < 0)
        return;
    req[n] = '\0';
    limit = atoi(req);
    if (limit <= 0 || limit > 500)
        limit = bk_cfg.recent_default;

    snprintf(sql, sizeof(sql), "SELECT id, label, host, created FROM snapshots ORDER BY created DESC LIMIT %d", limit);
    if (sqlite3_exec(bk_catalog, sql, send_row, &fd, &err) != SQLITE_OK) {
        bk_send_status(fd, 0, "query failed");
        sqlite3_free(err);
    }
}
