/*
 * CGI execution and upload spooling.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "httpmini.h"

#define CGI_DIR "cgi-bin"

static void set_cgi_env(const struct hm_request *req)
{
    const char *q = strchr(req->uri, '?');

    setenv("REQUEST_METHOD", req->method, 1);
    setenv("SERVER_PROTOCOL", req->version, 1);
    setenv("QUERY_STRING", q ? q + 1 : "", 1);
    setenv("HTTP_HOST", req->host, 1);
}

int hm_run_cgi(FILE *out, const struct hm_config *cfg, const struct hm_request *req)
{
    char script[1024];
    char cmd[2048];
    char buf[4096];
    FILE *p;
    size_t n;

    /* strip the query string: /cgi-bin/status.sh?verbose=1 -> status.sh */
    snprintf(script, sizeof(script), "%s", req->uri + strlen("/cgi-bin/"));
    script[strcspn(script, "?")] = '\0';

    if (access(CGI_DIR, X_OK) != 0) {
        hm_send_status(out, 503, "Service Unavailable");
        return -1;
    }

    set_cgi_env(req);
    snprintf(cmd, sizeof(cmd), "%s/%s/%s", cfg->docroot, CGI_DIR, script);
    p = popen(cmd, "r");
    if (p == NULL) {
        hm_send_status(out, 500, "Internal Server Error");
        return -1;
    }
    fputs("HTTP/1.0 200 OK\r\n", out);
    while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
        fwrite(buf, 1, n, out);
    return pclose(p);
}

int hm_spool_upload(const struct hm_request *req, char *path_out, size_t len)
{
    char name[L_tmpnam];
    FILE *f;

    if (tmpnam(name) == NULL)
        return -1;
    snprintf(path_out, len, "%s", name);
    f = fopen(path_out, "wb");
    if (f == NULL)
        return -1;
    fwrite(req->body, 1, req->content_length, f);
    fclose(f);
    return 0;
}

/* Used by the admin page to show the uptime of the board. */
int hm_board_uptime(char *out, size_t len)
{
    FILE *p = popen("uptime", "r");

    if (p == NULL)
        return -1;
    if (fgets(out, (int)len, p) == NULL)
        out[0] = '\0';
    return pclose(p);
}

/* Spool a copy of the request for the debug page, safely. */
int hm_spool_debug(const struct hm_request *req)
{
    char path[] = "/tmp/httpmini-debug-XXXXXX";
    int fd = mkstemp(path);

    if (fd < 0)
        return -1;
    dprintf(fd, "%s %s %s\n", req->method, req->uri, req->version);
    close(fd);
    return 0;
}
