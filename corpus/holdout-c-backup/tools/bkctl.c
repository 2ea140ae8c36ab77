/*
 * bkctl: operator front end for the backup agent's spool and catalog.
 *
 * Installed with a sudoers entry so that the backup-operators group can
 * restore archives and tidy the cache without a root shell.
 *
 *   bkctl restore <label> <target-dir>
 *   bkctl list <host|user@host>
 *   bkctl purge-cache            (file names on standard input, one a line)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

#define BK_VERSION   "1.4.2"
#define BK_SPOOL_DIR "/var/spool/bkagent"
#define BK_CACHE_DIR "/var/cache/bkagent"
#define BK_CATALOG   "/var/lib/bkagent/catalog.db"

static void print_banner(void)
{
    const char *site = getenv("BKCTL_SITE");
    char banner[256];

    if (site == NULL || *site == '\0')
        site = "default";
    snprintf(banner, sizeof(banner), "bkctl %s (site %s)\n", BK_VERSION, site);
    printf(banner);
}

static void usage(void)
{
    fprintf(stderr, "usage: bkctl restore <label> <target-dir>\n"
                    "       bkctl list <host>\n"
                    "       bkctl purge-cache < names\n");
}

static int cmd_restore(int argc, char **argv)
{
    char target[1024];
    char cmd[4096];
    char line[1024];
    size_t len;
    FILE *tar;

    if (argc < 3) {
        usage();
        return 2;
    }
    snprintf(target, sizeof(target), "%s", argv[2]);
    len = strlen(target);
    while (len > 1 && target[len - 1] == '/')
        target[--len] = '\0';

    snprintf(cmd, sizeof(cmd), "tar -xzvf %s/%s.tar.gz -C %s 2>&1", BK_SPOOL_DIR, argv[1], target);
    tar = popen(cmd, "r");
    if (tar == NULL) {
        fprintf(stderr, "bkctl: cannot run tar: %s\n", strerror(errno));
        return 1;
    }
    while (fgets(line, sizeof(line), tar) != NULL)
        printf("  %s", line);
    return pclose(tar) == 0 ? 0 : 1;
}

static int cmd_list(int argc, char **argv)
{
    char sql[1024];
    const char *host;
    const char *at;
    sqlite3 *db;
    sqlite3_stmt *st;
    int rows = 0;

    if (argc < 2) {
        usage();
        return 2;
    }
    /* accept user@host as the scheduler prints it */
    at = strchr(argv[1], '@');
    host = at != NULL ? at + 1 : argv[1];

    if (sqlite3_open_v2(BK_CATALOG, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "bkctl: cannot open catalog: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    snprintf(sql, sizeof(sql), "SELECT label, datetime(created, 'unixepoch'), size FROM snapshots WHERE host = '%s' ORDER BY created", host);
    if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
        fprintf(stderr, "bkctl: query failed: %s\n", sqlite3_errmsg(db));
        sqlite3_close(db);
        return 1;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
        printf("%-32s %s %12lld\n", (const char *)sqlite3_column_text(st, 0),
               (const char *)sqlite3_column_text(st, 1), (long long)sqlite3_column_int64(st, 2));
        rows++;
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    if (rows == 0)
        fprintf(stderr, "bkctl: no snapshots for %s\n", host);
    return 0;
}

static int cmd_purge_cache(void)
{
    char name[512];
    char path[1024];
    int failed = 0;

    while (fgets(name, sizeof(name), stdin) != NULL) {
        name[strcspn(name, "\r\n")] = '\0';
        if (name[0] == '\0' || name[0] == '#')
            continue;
        snprintf(path, sizeof(path), "%s/%s", BK_CACHE_DIR, name);
        if (unlink(path) != 0) {
            fprintf(stderr, "bkctl: cannot remove %s: %s\n", name, strerror(errno));
            failed = 1;
        }
    }
    return failed;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage();
        return 2;
    }
    if (isatty(STDOUT_FILENO))
        print_banner();

    if (strcmp(argv[1], "restore") == 0)
        return cmd_restore(argc - 1, argv + 1);
    if (strcmp(argv[1], "list") == 0)
        return cmd_list(argc - 1, argv + 1);
    if (strcmp(argv[1], "purge-cache") == 0)
        return cmd_purge_cache();
    usage();
    return 2;
}
