/*
 * Socket helpers shared by the request handlers.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

#include "bkagent.h"

void bk_chomp(char *s)
{
    size_t n = strlen(s);

    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '))
        s[--n] = '\0';
}

static int send_all(int fd, const void *buf, size_t len)
{
    const char *p = buf;

    while (len > 0) {
        ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += n;
        len -= (size_t)n;
    }
    return 0;
}

int bk_send_line(int fd, const char *line)
{
    if (send_all(fd, line, strlen(line)) != 0)
        return -1;
    return send_all(fd, "\n", 1);
}

int bk_send_status(int fd, int ok, const char *msg)
{
    char line[BK_ARG_MAX];

    snprintf(line, sizeof(line), "%s %s", ok ? "OK" : "ERR", msg);
    return bk_send_line(fd, line);
}

int bk_send_file(int fd, FILE *fp)
{
    char buf[8192];
    size_t n;

    while ((n = fread(buf, 1, sizeof(buf), fp)) > 0) {
        if (send_all(fd, buf, n) != 0)
            return -1;
    }
    return ferror(fp) ? -1 : 0;
}
