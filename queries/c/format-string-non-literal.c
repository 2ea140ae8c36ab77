#include <stdio.h>
#include <syslog.h>
#include <libintl.h>

#define _(s) gettext(s)
#define BANNER "httpd ready\n"

struct logger {
    void (*printf)(const char *msg);
};

void log_request(FILE *out, const char *client_msg, const char *line)
{
    char buf[256];

    // ruleid: c/format-string-non-literal
    printf(client_msg);
    // ruleid: c/format-string-non-literal
    fprintf(out, line);
    // ruleid: c/format-string-non-literal
    syslog(LOG_WARNING, client_msg);
    // ruleid: c/format-string-non-literal
    snprintf(buf, sizeof(buf), line);
    // ruleid: c/format-string-non-literal
    fprintf(stderr, buf);
}

void log_request_safe(FILE *out, struct logger *lg, const char *client_msg, const char *fmt, int n)
{
    char buf[256];

    // ok: c/format-string-non-literal
    printf("%s", client_msg);
    // ok: c/format-string-non-literal
    fprintf(out, "%s\n", client_msg);
    // ok: c/format-string-non-literal
    syslog(LOG_WARNING, "bad request: %s", client_msg);
    // ok: c/format-string-non-literal
    snprintf(buf, sizeof(buf), "%s", client_msg);
    // ok: c/format-string-non-literal
    printf(BANNER);
    // ok: c/format-string-non-literal
    printf(_("usage: httpd [-p port]\n"));
    // ok: c/format-string-non-literal
    fprintf(out, fmt, n);
    // ok: c/format-string-non-literal
    lg->printf(client_msg);
    // ok: c/format-string-non-literal
    fputs(client_msg, out);
    // ok: c/format-string-non-literal
    printf("request "
           "done\n");
}
