/*
 * The SQLite index of received lines.
 */
#include <stdio.h>
#include <sqlite3.h>

#include "logd.h"

static sqlite3 *db;

int store_open(const char *path)
{
    if (sqlite3_open(path, &db) != SQLITE_OK) {
        fprintf(stderr, "logd: cannot open %s: %s\n", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        db = NULL;
        return -1;
    }
    sqlite3_busy_timeout(db, 2000);
    if (sqlite3_exec(db, "CREATE TABLE IF NOT EXISTS entries (id INTEGER PRIMARY KEY, ts INTEGER NOT NULL, host TEXT NOT NULL, level INTEGER NOT NULL, tag TEXT, line TEXT NOT NULL)", NULL, NULL, NULL) != SQLITE_OK) {
        fprintf(stderr, "logd: schema: %s\n", sqlite3_errmsg(db));
        return -1;
    }
    return 0;
}

sqlite3 *store_db(void)
{
    return db;
}

void store_close(void)
{
    sqlite3_close(db);
    db = NULL;
}

/* sqlite3_exec callback: writes one row, tab-separated, to the client socket in *arg. */
int store_print_row(void *arg, int ncols, char **values, char **names)
{
    int fd = *(int *)arg;
    int i;

    (void)names;
    for (i = 0; i < ncols; i++)
        dprintf(fd, "%s%s", i > 0 ? "\t" : "", values[i] != NULL ? values[i] : "");
    dprintf(fd, "\n");
    return 0;
}
