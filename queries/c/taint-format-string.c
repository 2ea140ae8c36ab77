/*
 * A log relay daemon and its operator tool: request lines, datagrams, argv, the
 * environment and stdin end up in printf-family calls.
 */
#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>
#include <sys/socket.h>

#define BANNER "relayd ready\n"

struct mark {
    const char *host;
    const char *text;
};

struct config {
    char banner[128];
};

static struct config cfg;

/* Formats a client may choose between, by number. */
static const char *const FORMATS[] = {"%s\n", "[%s]\n", "<%s>\n"};

/* PING <text>: the request line is echoed back. */
void handle_ping(int fd)
{
    char req[256];
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    dprintf(fd, req);
    // ok: c/taint-format-string
    dprintf(fd, "PONG %s\n", req);
}

/* One datagram is one message, "<PRI>text", relayed to the local syslog. */
void relay_datagram(int sock)
{
    char msg[1024];
    char *body;
    char *bracket;
    int prio = LOG_NOTICE;
    ssize_t n;

    n = recvfrom(sock, msg, sizeof msg - 1, 0, NULL, NULL);
    if (n <= 0)
        return;
    msg[n] = '\0';
    body = msg;
    bracket = strchr(msg, '>');
    if (msg[0] == '<' && bracket != NULL) {
        prio = atoi(msg + 1) & LOG_PRIMASK;
        body = bracket + 1;
    }
    while (*body == ' ')
        body += 1;
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    syslog(prio, body);
    // ok: c/taint-format-string
    syslog(prio, "%s", body);
}

/* WRITE <host> <line>: appends the line to the host's file. */
void handle_write(int fd, FILE *out)
{
    char req[512];
    char *host;
    char *line;
    ssize_t n;

    n = read(fd, req, sizeof req - 1);
    if (n <= 6)
        return;
    req[n] = '\0';
    host = req;
    host += 6;
    line = strchr(host, ' ');
    if (line == NULL)
        return;
    *line = '\0';
    line = line + 1;
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    fprintf(out, line);
    // ok: c/taint-format-string
    fprintf(out, "%s %s\n", host, line);
}

/* Prefixes the request with a tag, built in a buffer in several ways. */
void handle_note(int fd)
{
    char req[256];
    char line[512];
    char tagged[512];
    char copy[256];
    char raw[256];
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';

    snprintf(line, sizeof line, "note from client: %s", req);
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    printf(line);

    strcpy(tagged, "[relayd] ");
    strncat(tagged, req, sizeof tagged - strlen(tagged) - 1);
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    fprintf(stderr, tagged);

    strncpy(copy, req, sizeof copy - 1);
    copy[sizeof copy - 1] = '\0';
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    syslog(LOG_INFO, copy);

    memcpy(raw, "> ", 2);
    memcpy(raw + 2, req, strlen(req) + 1);
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    warnx(raw);

    // ok: c/taint-format-string
    printf("%s\n", tagged);
}

/* The operator tool: marker words from stdin, replies from the socket. */
int add_marker(char *out, size_t size)
{
    struct mark mark;
    char hostname[64];
    char word[128];
    int count;

    if (scanf("%127s %d", word, &count) != 2)
        return 1;
    gethostname(hostname, sizeof hostname);
    mark.host = hostname;
    mark.text = word;
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    snprintf(out, size, mark.text);
    // ok: c/taint-format-string
    // ok: c/format-string-non-literal
    snprintf(out, size, mark.host);
    // ok: c/taint-format-string
    printf("%d markers\n", count);
    return 0;
}

int show_reply(FILE *conn)
{
    char reply[8192];
    size_t got;

    got = fread(reply, 1, sizeof reply - 1, conn);
    reply[got] = '\0';
    if (strncmp(reply, "ERR", 3) == 0) {
        // ok: c/taint-format-string
        fprintf(stderr, "error: %s\n", reply);
        return 1;
    }
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    printf(reply);
    return 0;
}

void echo_stdin(void)
{
    char *line = NULL;
    size_t cap = 0;
    char old[128];

    while (getline(&line, &cap, stdin) > 0) {
        // ruleid: c/taint-format-string
        // ruleid: c/format-string-non-literal
        printf(line);
    }
    if (fgets(old, sizeof old, stdin) != NULL)
        // ruleid: c/taint-format-string
        // ruleid: c/format-string-non-literal
        err(1, old);
    free(line);
}

void dispatch(int fd)
{
    char verb[16];
    const char *reply;
    const char *fields[2];
    int style;
    ssize_t n;

    n = recv(fd, verb, sizeof verb - 1, MSG_PEEK);
    if (n <= 0)
        return;
    verb[n] = '\0';

    /* Overwritten with a constant before it is printed. */
    reply = verb;
    reply = "ERR unknown command\n";
    // ok: c/taint-format-string
    // ok: c/format-string-non-literal
    dprintf(fd, reply);

    /* Only the constant entry is used as the format. */
    fields[0] = verb;
    fields[1] = "unknown verb %s\n";
    // ok: c/taint-format-string
    dprintf(fd, fields[1], fields[0]);

    /* Allow-list: the client picks one of the constant formats. */
    style = verb[0] - '0';
    if (style < 0 || style > 2)
        style = 0;
    // ok: c/taint-format-string
    dprintf(fd, FORMATS[style], "x");
    /* The constant formats are chosen by a byte of the request no check bounds. */
    // ok: c/taint-format-string
    // ruleid: c/taint-index-unbounded, c/taint-index-negative
    dprintf(fd, FORMATS[verb[1]], "x");

    if (0) {
        /* The 0.8 behaviour, switched off. */
        // ok: c/taint-format-string
        // ok: c/format-string-non-literal
        dprintf(fd, verb);
    }

    /* Configuration and constants only. */
    // ok: c/taint-format-string
    // ok: c/format-string-non-literal
    dprintf(fd, cfg.banner);
    // ok: c/taint-format-string
    dprintf(fd, BANNER);
}

int main(int argc, char **argv)
{
    const char *who = getenv("USER");
    char *line;
    char greeting[128];
    int i;

    if (argc < 2)
        errx(2, "usage: %s WORD...", argv[0]);
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    printf(argv[1]);
    for (i = 2; i < argc; i++) {
        // ruleid: c/taint-format-string
        // ruleid: c/format-string-non-literal
        warn(argv[i]);
    }
    if (who != NULL) {
        snprintf(greeting, sizeof greeting, "hello %s", who);
        // ruleid: c/taint-format-string
        // ruleid: c/format-string-non-literal
        syslog(LOG_INFO, greeting);
    }
    // ruleid: c/gets
    line = gets(greeting);
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    printf(line);
    // ok: c/taint-format-string
    printf("%s has %d arguments\n", argv[0], argc);
    return 0;
}

/* Each case of a switch is a branch from the state before it. */
void reply_mode(int fd, int mode)
{
    char msg[128];
    recv(fd, msg, sizeof msg, 0);
    switch (mode) {
    case 1:
        strcpy(msg, "ready\n");
        break;
    case 2:
        break;
    }
    // ruleid: c/taint-format-string
    // ruleid: c/format-string-non-literal
    printf(msg);
}

/* A case without break runs on into the next. */
void reply_fallthrough(int fd, int mode)
{
    char msg[128];
    char out[128];
    strcpy(out, "ok\n");
    switch (mode) {
    case 1:
        recv(fd, msg, sizeof msg, 0);
        // ruleid: c/strcpy-unbounded
        strcpy(out, msg);
    case 2:
        // ruleid: c/taint-format-string
        // ruleid: c/format-string-non-literal
        printf(out);
        break;
    }
}
