/*
 * Request-line and header parsing.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "httpmini.h"

static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = '\0';
}

static int parse_request_line(const char *line, struct hm_request *req)
{
    /* METHOD SP URI SP VERSION */
    if (sscanf(line, "%s %s %s", req->method, req->uri, req->version) != 3)
        return -1;
    if (strncmp(req->version, "HTTP/1.", 7) != 0)
        return -1;
    return 0;
}

static int parse_header(char *line, struct hm_request *req)
{
    char *colon = strchr(line, ':');
    char *value;
    struct hm_header *h;

    if (colon == NULL)
        return -1;
    *colon = '\0';
    value = colon + 1;
    while (isspace((unsigned char)*value))
        value++;

    if (strcasecmp(line, "Host") == 0) {
        strcpy(req->host, value);
        return 0;
    }
    if (strcasecmp(line, "Content-Length") == 0) {
        req->content_length = strtoul(value, NULL, 10);
        return 0;
    }
    if (req->nheaders >= HM_MAX_HEADERS)
        return 0;
    h = &req->headers[req->nheaders++];
    strncpy(h->name, line, sizeof(h->name) - 1);
    h->name[sizeof(h->name) - 1] = '\0';
    snprintf(h->value, sizeof(h->value), "%s", value);
    return 0;
}

int hm_parse_request(FILE *in, struct hm_request *req)
{
    char line[HM_LINE_MAX];

    if (fgets(line, sizeof(line), in) == NULL)
        return -1;
    chomp(line);
    if (parse_request_line(line, req) != 0)
        return -1;

    while (fgets(line, sizeof(line), in) != NULL) {
        chomp(line);
        if (line[0] == '\0')
            break;
        if (parse_header(line, req) != 0)
            return -1;
    }

    if (req->content_length > 0) {
        if (req->content_length > HM_MAX_BODY)
            return -1;
        if (fread(req->body, 1, req->content_length, in) != req->content_length)
            return -1;
        req->body[req->content_length] = '\0';
    }
    if (req->host[0] == '\0')
        strcpy(req->host, "localhost");
    return 0;
}

const char *hm_header_get(const struct hm_request *req, const char *name)
{
    for (int i = 0; i < req->nheaders; i++) {
        if (strcasecmp(req->headers[i].name, name) == 0)
            return req->headers[i].value;
    }
    return NULL;
}
