#ifndef HTTPMINI_H
#define HTTPMINI_H

#include <stddef.h>
#include <stdio.h>

#define HM_MAX_HEADERS 32
#define HM_MAX_BODY    8192
#define HM_LINE_MAX    2048

struct hm_header {
    char name[64];
    char value[256];
};

struct hm_request {
    char method[16];
    char uri[1024];
    char version[16];
    char host[128];
    struct hm_header headers[HM_MAX_HEADERS];
    int nheaders;
    size_t content_length;
    char body[HM_MAX_BODY];
};

struct hm_config {
    int port;
    const char *docroot;
    const char *admin_user;
};

int  hm_parse_request(FILE *in, struct hm_request *req);
const char *hm_header_get(const struct hm_request *req, const char *name);

void hm_send_status(FILE *out, int code, const char *reason);
void hm_send_file(FILE *out, const struct hm_config *cfg, const char *uri);
void hm_log_request(const struct hm_request *req, int status);

int  hm_run_cgi(FILE *out, const struct hm_config *cfg, const struct hm_request *req);
int  hm_spool_upload(const struct hm_request *req, char *path_out, size_t len);

void hm_session_new(char *token_out, size_t len);
int  hm_admin_login(const char *user, const char *password);

#endif
