/*
 * logctl: operator tool for logd.  Installed setgid "logd": it opens the index
 * database and the spool directly.
 *
 *   logctl count HOST [TAG]     number of indexed lines from HOST (with TAG)
 *   logctl since HOURS          number of lines indexed in the last HOURS hours
 *   logctl export FILE...       copy spool files into the current directory
 *   logctl import               index "host text" lines read from stdin
 *   logctl mark                 add an operator marker line (asks for the text)
 *   logctl tail HOST STREAM     the tail of STREAM from the logd running on HOST
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sqlite3.h>

#define SPOOL_DIR "/var/spool/logd"
#define INDEX_DB "/var/lib/logd/index.db"
#define LOGD_PORT "5140"

static int usage(void)
{
    fputs("usage: logctl count HOST [TAG] | since HOURS | export FILE... | import | mark | tail HOST STREAM\n", stderr);
    return 2;
}

static int print_count(void *arg, int ncols, char **values, char **names)
{
    (void)arg;
    (void)names;
    if (ncols > 0)
        printf("%s\n", values[0] != NULL ? values[0] : "0");
    return 0;
}

static int connect_to(const char *host)
{
    struct addrinfo hints, *res, *ai;
    int fd = -1;

    memset(&hints, 0, sizeof hints);
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, LOGD_PORT, &hints, &res) != 0)
        return -1;
    for (ai = res; ai != NULL; ai = ai->ai_next) {
        fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (fd < 0)
            continue;
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
            break;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    return fd;
}

/* Asks a running logd for the tail of a stream and prints what it sends back. */
static int remote_tail(const char *host, const char *stream)
{
    char reply[8192];
    size_t got;
    FILE *conn;
    int fd = connect_to(host);

    if (fd < 0) {
        fprintf(stderr, "logctl: cannot connect to %s\n", host);
        return 1;
    }
    conn = fdopen(fd, "r+");
    if (conn == NULL) {
        close(fd);
        return 1;
    }
    fprintf(conn, "TAIL %s\n", stream);
    fflush(conn);
    got = fread(reply, 1, sizeof reply - 1, conn);
    reply[got] = '\0';
    fclose(conn);
    if (strncmp(reply, "ERR", 3) == 0) {
        fprintf(stderr, "logctl: %s\n", reply);
        return 1;
    }
    printf(reply);
    return 0;
}

/* Indexes "host text" lines from stdin, e.g. `journalctl -o short | logctl import`. */
static int import_lines(sqlite3 *db)
{
    char sql[4096];
    char *line = NULL;
    size_t cap = 0;
    ssize_t len;
    char *host;
    char *text;
    int failed = 0;

    while ((len = getline(&line, &cap, stdin)) > 0) {
        line[strcspn(line, "\r\n")] = '\0';
        host = line;
        text = strchr(line, ' ');
        if (text == NULL)
            continue;
        *text = '\0';
        text += 1;
        snprintf(sql, sizeof sql, "INSERT INTO entries (ts, host, level, line) VALUES (strftime('%%s', 'now'), '%s', 6, '%s')", host, text);
        if (sqlite3_exec(db, sql, NULL, NULL, NULL) != SQLITE_OK) {
            fprintf(stderr, "logctl: import: %s\n", sqlite3_errmsg(db));
            failed = 1;
        }
    }
    free(line);
    return failed;
}

/* Adds a marker line ("maintenance-start", ...) so that operators can find a moment in the log. */
static int add_marker(sqlite3 *db)
{
    struct {
        const char *host;
        const char *text;
    } mark;
    char hostname[64];
    char word[128];
    char line[256];
    sqlite3_stmt *stmt;
    int rc;

    fputs("marker (one word): ", stdout);
    fflush(stdout);
    if (scanf("%127s", word) != 1)
        return 1;
    if (gethostname(hostname, sizeof hostname) != 0)
        snprintf(hostname, sizeof hostname, "localhost");
    hostname[sizeof hostname - 1] = '\0';
    mark.host = hostname;
    mark.text = word;

    snprintf(line, sizeof line, mark.text);
    if (sqlite3_prepare_v2(db, "INSERT INTO entries (ts, host, level, tag, line) VALUES (strftime('%s', 'now'), ?1, 5, 'marker', ?2)", -1, &stmt, NULL) != SQLITE_OK)
        return 1;
    sqlite3_bind_text(stmt, 1, mark.host, -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(stmt, 2, line, -1, SQLITE_TRANSIENT);
    rc = sqlite3_step(stmt);
    sqlite3_finalize(stmt);
    return rc == SQLITE_DONE ? 0 : 1;
}

int main(int argc, char **argv)
{
    sqlite3 *db;
    sqlite3_stmt *stmt;
    char sql[1024];
    int rc = 1;
    int i;

    if (argc < 2)
        return usage();

    if (strcmp(argv[1], "tail") == 0)
        return argc == 4 ? remote_tail(argv[2], argv[3]) : usage();

    if (strcmp(argv[1], "export") == 0 && argc >= 3) {
        char cmd[4096] = "/bin/cp --";

        for (i = 2; i < argc; i++) {
            strncat(cmd, " " SPOOL_DIR "/", sizeof cmd - strlen(cmd) - 1);
            strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
        }
        strncat(cmd, " .", sizeof cmd - strlen(cmd) - 1);
        return system(cmd) == 0 ? 0 : 1;
    }

    if (sqlite3_open_v2(INDEX_DB, &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
        fprintf(stderr, "logctl: %s: %s\n", INDEX_DB, sqlite3_errmsg(db));
        return 1;
    }

    if (strcmp(argv[1], "count") == 0 && (argc == 3 || argc == 4)) {
        struct {
            const char *column;
            const char *value;
        } where[2];
        char clause[512];
        int nwhere = 0;

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
        if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) == SQLITE_OK) {
            if (sqlite3_step(stmt) == SQLITE_ROW)
                printf("%lld\n", (long long)sqlite3_column_int64(stmt, 0));
            sqlite3_finalize(stmt);
            rc = 0;
        }
    } else if (strcmp(argv[1], "since") == 0 && argc == 3) {
        char *end;
        long hours = strtol(argv[2], &end, 10);

        if (end == argv[2] || *end != '\0' || hours <= 0 || hours > 24L * 366) {
            sqlite3_close(db);
            return usage();
        }
        snprintf(sql, sizeof sql, "SELECT COUNT(*) FROM entries WHERE ts >= strftime('%%s', 'now') - %ld * 3600", hours);
        rc = sqlite3_exec(db, sql, print_count, NULL, NULL) == SQLITE_OK ? 0 : 1;
    } else if (strcmp(argv[1], "import") == 0 && argc == 2) {
        rc = import_lines(db);
    } else if (strcmp(argv[1], "mark") == 0 && argc == 2) {
        rc = add_marker(db);
    } else {
        rc = usage();
    }
    if (rc != 0 && rc != 2)
        fprintf(stderr, "logctl: %s\n", sqlite3_errmsg(db));
    sqlite3_close(db);
    return rc;
}
