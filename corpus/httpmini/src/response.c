/*
 * Status lines, headers and static files.
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <syslog.h>

#include "httpmini.h"

static const char *mime_type(const char *path)
{
    const char *dot = strrchr(path, '.');

    if (dot == NULL)
        return "application/octet-stream";
    if (strcmp(dot, ".html") == 0)
        return "text/html";
    if (strcmp(dot, ".css") == 0)
        return "text/css";
    if (strcmp(dot, ".js") == 0)
        return "application/javascript";
    return "application/octet-stream";
}

void hm_send_status(FILE *out, int code, const char *reason)
{
    char line[64];

    snprintf(line, sizeof(line), "HTTP/1.0 %d %s\r\n", code, reason);
    fputs(line, out);
    fprintf(out, "Server: httpmini/0.4\r\n\r\n");
}

static void send_header(FILE *out, const char *name, const char *value)
{
    char buf[128];

    sprintf(buf, "%s: %s\r\n", name, value);
    fputs(buf, out);
}

void hm_send_file(FILE *out, const struct hm_config *cfg, const char *uri)
{
    char path[1024];
    char size[32];
    struct stat st;
    FILE *f;
    size_t n;

    /* refuse obviously relative paths */
    if (uri[0] != '/' || strncmp(uri, "..", 2) == 0) {
        hm_send_status(out, 403, "Forbidden");
        return;
    }
    snprintf(path, sizeof(path), "%s%s", cfg->docroot, uri);
    if (stat(path, &st) != 0 || (f = fopen(path, "rb")) == NULL) {
        hm_send_status(out, 404, "Not Found");
        return;
    }

    fputs("HTTP/1.0 200 OK\r\n", out);
    send_header(out, "Content-Type", mime_type(path));
    sprintf(size, "%ld", (long)st.st_size);
    send_header(out, "Content-Length", size);
    fputs("\r\n", out);

    char chunk[4096];
    while ((n = fread(chunk, 1, sizeof(chunk), f)) > 0)
        fwrite(chunk, 1, n, out);
    fclose(f);
}

void hm_log_request(const struct hm_request *req, int status)
{
    char line[HM_LINE_MAX];
    const char *agent = hm_header_get(req, "User-Agent");

    snprintf(line, sizeof(line), "%s %s %d \"%s\"", req->method, req->uri, status,
             agent ? agent : "-");
    syslog(LOG_INFO, line);
    printf("%s\n", line);
}
