/*
 * Spool file handlers of a log daemon and its setgid reader: names from the
 * socket and argv are joined to the spool directory and opened.
 */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/socket.h>
#include <sys/stat.h>

#define SPOOL_DIR "/var/spool/logd"

struct config {
    char spool_dir[256];
    char archive_dir[256];
};

struct field {
    const char *name;
    const char *value;
};

static struct config cfg;

/* Streams that TAIL may show, by the name clients use. */
static const char *const STREAMS[][2] = {
    {"auth", "auth.log"},
    {"daemon", "daemon.log"},
};

/* READ <file>: sends a whole spool file. */
void handle_read(int fd)
{
    char req[256];
    char path[512];
    char *name;
    ssize_t n;
    int in;

    n = read(fd, req, sizeof req - 1);
    if (n <= 5)
        return;
    req[n] = '\0';
    name = req;
    name += 5;
    snprintf(path, sizeof path, "%s/%s", cfg.spool_dir, name);
    if (strstr(name, ".log") == NULL)
        strncat(path, ".log", sizeof path - strlen(path) - 1);
    // ruleid: c/taint-path-traversal
    in = open(path, O_RDONLY);
    close(in);

    snprintf(path, sizeof path, "%s/%s", cfg.spool_dir, basename(name));
    // ok: c/taint-path-traversal
    in = open(path, O_RDONLY);
    close(in);
}

/* DELETE <file>, MOVE <from> <to>: spool maintenance. */
void handle_delete(int fd)
{
    char req[256];
    char path[512];
    char target[512];
    char *to;
    ssize_t n;
    struct stat st;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    // ruleid: c/strcpy-unbounded
    strcpy(path, SPOOL_DIR "/");
    // ruleid: c/strcpy-unbounded
    strcat(path, req + 7);
    // ruleid: c/taint-path-traversal
    if (stat(path, &st) == 0)
        // ruleid: c/taint-path-traversal
        unlink(path);

    to = strchr(req + 7, ' ');
    if (to == NULL)
        return;
    *to++ = '\0';
    memcpy(target, SPOOL_DIR "/", sizeof SPOOL_DIR);
    memcpy(target + sizeof SPOOL_DIR, to, strlen(to) + 1);
    // ruleid: c/taint-path-traversal
    rename("/var/spool/logd/incoming", target);
}

/* APPEND <host> <text>: the file is named by the server, not the client. */
void handle_append(int fd)
{
    char req[256];
    char path[512];
    struct field fields[3];
    char *host;
    char *text;
    FILE *out;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    host = req + 7;
    text = strchr(host, ' ');
    if (text == NULL)
        return;
    *text++ = '\0';
    fields[0].name = "host";
    fields[0].value = host;
    fields[1].name = "facility";
    fields[1].value = "daemon";
    fields[2].name = "text";
    fields[2].value = text;

    snprintf(path, sizeof path, "%s/%s.log", cfg.spool_dir, fields[1].value);
    // ok: c/taint-path-traversal
    out = fopen(path, "a");
    if (out)
        fclose(out);

    snprintf(path, sizeof path, "%s/%s.log", cfg.spool_dir, fields[0].value);
    // ruleid: c/taint-path-traversal
    out = fopen(path, "a");
    if (out)
        fclose(out);
}

/* TAIL <stream>, FETCH <number>: allow-listed and numeric names. */
void handle_tail(int fd)
{
    char req[256];
    char path[512];
    const char *file = NULL;
    unsigned long id;
    size_t i;
    ssize_t n;
    FILE *in;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 5)
        return;
    req[n] = '\0';
    for (i = 0; i < sizeof STREAMS / sizeof STREAMS[0]; i++) {
        if (strcmp(req + 5, STREAMS[i][0]) == 0)
            file = STREAMS[i][1];
    }
    if (file == NULL)
        return;
    snprintf(path, sizeof path, "%s/%s", cfg.spool_dir, file);
    // ok: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);

    id = strtoul(req + 5, NULL, 10);
    snprintf(path, sizeof path, "%s/archive-%lu.tar.gz", cfg.archive_dir, id);
    // ok: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);

    snprintf(path, sizeof path, "%s/%s", cfg.spool_dir, req + 5);
    if (0) {
        // ok: c/taint-path-traversal
        in = fopen(path, "r");
    }
    strcpy(path, "/var/spool/logd/all.log");
    // ok: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);
}

int main(int argc, char **argv)
{
    char path[512];
    const char *home = getenv("HOME");
    const char *dir;
    DIR *d;
    FILE *in;
    int i;

    if (argc < 2)
        return 2;
    snprintf(path, sizeof path, "%s/%s", SPOOL_DIR, argv[1]);
    // ruleid: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);

    for (i = 2; i < argc; i++) {
        // ruleid: c/taint-path-traversal
        d = opendir(argv[i]);
        if (d)
            closedir(d);
    }

    dir = home;
    if (dir == NULL)
        dir = "/tmp";
    snprintf(path, sizeof path, "%s/.logcatrc", dir);
    // ruleid: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);

    dir = "/etc/logd";
    snprintf(path, sizeof path, "%s/logcat.conf", dir);
    // ok: c/taint-path-traversal
    in = fopen(path, "r");
    if (in)
        fclose(in);
    // ok: c/taint-path-traversal
    in = fopen(SPOOL_DIR "/all.log", "r");
    if (in)
        fclose(in);
    return 0;
}
