/*
 * Control-port handlers: spool files and maintenance commands.  The dispatcher
 * only peeks at the verb; every handler reads its own request from the socket.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#include "logd.h"

/* Streams that TAIL may show, by the name clients use. */
static const char *const TAIL_STREAMS[][2] = {
    {"auth", "auth.log"},
    {"daemon", "daemon.log"},
    {"kern", "kern.log"},
    {"mail", "mail.log"},
};

static void copy_to_client(int fd, FILE *in)
{
    char buf[4096];
    size_t got;

    while ((got = fread(buf, 1, sizeof buf, in)) > 0)
        if (write(fd, buf, got) < 0)
            break;
}

/* HELLO <client-name>: greeting with the server version. */
void handle_hello(int fd)
{
    char req[256];
    char *name;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    strip_eol(req);
    name = trim(req + 6);
    dprintf(fd, "HELLO %s, logd %s ready\n", name, LOGD_VERSION);
}

/* PING <anything>: liveness check; the request line is echoed back. */
void handle_ping(int fd)
{
    char req[256];
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    strip_eol(req);
    dprintf(fd, req);
    dprintf(fd, "\n");
}

/* WRITE <host> <line>: append a raw line to the host's own spool file. */
void handle_write(int fd)
{
    char req[LOGD_REQ_MAX];
    char path[LOGD_PATH_MAX];
    char *host;
    char *line;
    ssize_t n;
    FILE *out;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    strip_eol(req);

    host = req + 6;
    line = strchr(host, ' ');
    if (line == NULL) {
        send_line(fd, "ERR usage: WRITE host line");
        return;
    }
    *line = '\0';
    line = line + 1;

    snprintf(path, sizeof path, "%s/%s.log", logd_cfg.spool_dir, host);
    out = fopen(path, "a");
    if (out == NULL) {
        send_line(fd, "ERR open");
        return;
    }
    fprintf(out, line);
    fputc('\n', out);
    fclose(out);
    send_line(fd, "OK");
}

/* READ <file>: send a whole spool file. */
void handle_read(int fd)
{
    char req[LOGD_REQ_MAX];
    char path[LOGD_PATH_MAX];
    char buf[4096];
    char *name;
    ssize_t n;
    int in;

    n = read(fd, req, sizeof req - 1);
    if (n <= 5)
        return;
    req[n] = '\0';
    strip_eol(req);

    name = req;
    name += 5; /* skip "READ " */
    snprintf(path, sizeof path, "%s/%s", logd_cfg.spool_dir, name);
    if (strstr(name, ".log") == NULL)
        strncat(path, ".log", sizeof path - strlen(path) - 1);
    in = open(path, O_RDONLY);
    if (in < 0) {
        send_line(fd, "ERR no such file");
        return;
    }
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(fd, buf, (size_t)n) < 0)
            break;
    close(in);
}

/* TAIL <stream>: the last 4 KiB of one of the well-known streams. */
void handle_tail(int fd)
{
    char req[LOGD_REQ_MAX];
    char path[LOGD_PATH_MAX];
    const char *file = NULL;
    size_t i;
    ssize_t n;
    FILE *in;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 5)
        return;
    req[n] = '\0';
    strip_eol(req);

    for (i = 0; i < sizeof TAIL_STREAMS / sizeof TAIL_STREAMS[0]; i++) {
        if (strcmp(req + 5, TAIL_STREAMS[i][0]) == 0) {
            file = TAIL_STREAMS[i][1];
            break;
        }
    }
    if (file == NULL) {
        send_line(fd, "ERR unknown stream");
        return;
    }
    snprintf(path, sizeof path, "%s/%s", logd_cfg.spool_dir, file);
    in = fopen(path, "r");
    if (in == NULL) {
        send_line(fd, "ERR stream is empty");
        return;
    }
    if (fseek(in, -4096L, SEEK_END) != 0)
        rewind(in);
    copy_to_client(fd, in);
    fclose(in);
}

/* FETCH <archive-number>: send one numbered archive. */
void handle_fetch(int fd)
{
    char req[LOGD_REQ_MAX];
    char path[LOGD_PATH_MAX];
    unsigned long id;
    ssize_t n;
    FILE *in;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 6)
        return;
    req[n] = '\0';
    id = strtoul(req + 6, NULL, 10);
    snprintf(path, sizeof path, "%s/archive-%lu.tar.gz", logd_cfg.archive_dir, id);
    in = fopen(path, "r");
    if (in == NULL) {
        send_line(fd, "ERR no such archive");
        return;
    }
    copy_to_client(fd, in);
    fclose(in);
}

/* ARCHIVE <stream>: pack a stream's spool file into the archive directory. */
void handle_archive(int fd)
{
    char req[LOGD_REQ_MAX];
    char cmd[LOGD_CMD_MAX];
    char *stream;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 8)
        return;
    req[n] = '\0';
    stream = trim(req + 8);
    str_lower(stream);
    snprintf(cmd, sizeof cmd, "/bin/tar -czf %s/%s.tar.gz -C %s %s.log", logd_cfg.archive_dir, stream, logd_cfg.spool_dir, stream);
    if (system(cmd) != 0) {
        send_line(fd, "ERR archive failed");
        return;
    }
    send_line(fd, "OK");
}

/* ROTATE <keep>: rotate every spool file, keeping <keep> generations. */
void handle_rotate(int fd)
{
    char req[LOGD_REQ_MAX];
    char cmd[LOGD_CMD_MAX];
    char hook[LOGD_CMD_MAX];
    int keep;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    strip_eol(req);
    keep = atoi(req + 7);
    if (keep < 1 || keep > 99)
        keep = 7;
    snprintf(cmd, sizeof cmd, "/usr/bin/savelog -q -c %d %s/*.log", keep, logd_cfg.spool_dir);
    if (system(cmd) != 0) {
        send_line(fd, "ERR rotate failed");
        return;
    }
    snprintf(hook, sizeof hook, "%s %s", logd_cfg.post_rotate, req + 7);
    if (0) {
        /* Per-request rotate hooks: switched off until their arguments are validated. */
        system(hook);
    }
    send_line(fd, "OK");
}

/* GREP\n<pattern>\n: search every spool file for a fixed pattern. */
void handle_grep(int fd)
{
    char verb[16];
    char pattern[256];
    char cmd[LOGD_CMD_MAX] = "/bin/grep -h -e '";
    char line[LOGD_REQ_MAX];
    FILE *in;
    FILE *results;

    in = fdopen(dup(fd), "r");
    if (in == NULL)
        return;
    if (fgets(verb, sizeof verb, in) == NULL || fgets(pattern, sizeof pattern, in) == NULL) {
        fclose(in);
        return;
    }
    fclose(in);
    strip_eol(pattern);

    strncat(cmd, pattern, sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, "' ", sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, logd_cfg.spool_dir, sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, "/*.log", sizeof cmd - strlen(cmd) - 1);

    results = popen(cmd, "r");
    if (results == NULL) {
        send_line(fd, "ERR grep");
        return;
    }
    while (fgets(line, sizeof line, results) != NULL)
        if (write(fd, line, strlen(line)) < 0)
            break;
    pclose(results);
}
