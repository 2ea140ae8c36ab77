/*
 * Ingest: syslog-style datagrams on the UDP port, and APPEND requests on the
 * control port.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "logd.h"

struct field {
    const char *name;
    const char *value;
};

/*
 * One datagram is one message: "<PRI>text".  The text is relayed to the local
 * syslog so that it shows up next to the host's own messages.
 */
void ingest_datagram(int sock)
{
    char msg[LOGD_REQ_MAX];
    struct sockaddr_in peer;
    socklen_t peerlen = sizeof peer;
    char *close_bracket;
    char *body;
    int prio = LOG_NOTICE;
    ssize_t n;

    n = recvfrom(sock, msg, sizeof msg - 1, 0, (struct sockaddr *)&peer, &peerlen);
    if (n <= 0)
        return;
    msg[n] = '\0';
    strip_eol(msg);

    body = msg;
    close_bracket = strchr(msg, '>');
    if (msg[0] == '<' && close_bracket != NULL) {
        prio = atoi(msg + 1) & LOG_PRIMASK;
        body = close_bracket + 1;
    }
    while (*body == ' ')
        body += 1;
    syslog(prio, body);
}

/*
 * APPEND <host> <text>: a client appends one line to the daemon facility file.
 * Facility files are named by the server; clients only pick the host label.
 */
void ingest_append(int fd)
{
    char req[LOGD_REQ_MAX];
    char path[LOGD_PATH_MAX];
    char stamp[32];
    struct field fields[3];
    time_t now = time(NULL);
    char *host;
    char *text;
    ssize_t n;
    FILE *out;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    strip_eol(req);

    host = req + 7;
    text = strchr(host, ' ');
    if (text == NULL) {
        send_line(fd, "ERR usage: APPEND host text");
        return;
    }
    *text++ = '\0';

    fields[0].name = "host";
    fields[0].value = host;
    fields[1].name = "facility";
    fields[1].value = "daemon";
    fields[2].name = "text";
    fields[2].value = text;

    snprintf(path, sizeof path, "%s/%s.log", logd_cfg.spool_dir, fields[1].value);
    out = fopen(path, "a");
    if (out == NULL) {
        send_line(fd, "ERR spool");
        return;
    }
    strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%S", gmtime(&now));
    fprintf(out, "%s %s %s\n", stamp, fields[0].value, fields[2].value);
    fclose(out);
    send_line(fd, "OK");
}
