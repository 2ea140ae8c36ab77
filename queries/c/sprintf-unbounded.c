#include <stdarg.h>
#include <stdio.h>

static char status_line[64];

void build_status(int code, const char *reason)
{
    // ruleid: c/sprintf-unbounded
    sprintf(status_line, "HTTP/1.1 %d %s\r\n", code, reason);
}

void build_location(char *out, const char *host, const char *path)
{
    // ruleid: c/sprintf-unbounded
    sprintf(out, "Location: http://%s"
                 "%s\r\n", host, path);
}

void log_line(char *out, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    // ruleid: c/sprintf-unbounded
    vsprintf(out, fmt, ap);
    va_end(ap);
}

void build_safe(char *out, size_t len, int code, const char *reason)
{
    char num[16];
    // ok: c/sprintf-unbounded
    sprintf(num, "%d", code);
    // ok: c/sprintf-unbounded
    sprintf(num, "%.10s", reason);
    // ok: c/sprintf-unbounded
    sprintf(num, "100%%s");
    // ok: c/sprintf-unbounded
    snprintf(out, len, "HTTP/1.1 %d %s\r\n", code, reason);
}

void log_safe(char *out, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    // ok: c/sprintf-unbounded
    vsnprintf(out, len, fmt, ap);
    va_end(ap);
}
