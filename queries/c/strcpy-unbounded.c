#include <string.h>
#include <stdio.h>
#include <stdlib.h>

#define HOST_MAX 64
#define DEFAULT_HOST "localhost"

struct request {
    char method[8];
    char host[HOST_MAX];
    char path[256];
};

struct string_ops {
    void (*strcpy)(char *dst, const char *src);
};

void request_set_host(struct request *req, const char *value)
{
    // ruleid: c/strcpy-unbounded
    strcpy(req->host, value);
}

void request_append_path(struct request *req, const char *segment)
{
    // ruleid: c/strcpy-unbounded
    strcat(req->path, segment);
    // ruleid: c/strcpy-unbounded
    strcat(req->path, req->method);
}

char *copy_tail(char *dst, const char *src)
{
    // ruleid: c/strcpy-unbounded
    return stpcpy(dst, src + 1);
}

void request_defaults(struct request *req, struct string_ops *ops, const char *p)
{
    // ok: c/strcpy-unbounded
    strcpy(req->method, "GET");
    // ok: c/strcpy-unbounded
    strcat(req->path, "/");
    // ok: c/strcpy-unbounded
    strcpy(req->host, DEFAULT_HOST);
    // ok: c/strcpy-unbounded
    strncpy(req->host, p, sizeof(req->host) - 1);
    // ok: c/strcpy-unbounded
    snprintf(req->path, sizeof(req->path), "%s", p);
    // ok: c/strcpy-unbounded
    ops->strcpy(req->host, p);
    // ok: c/strcpy-unbounded
    strlcpy(req->host, p, sizeof(req->host));
}

/* Copies into a buffer allocated for what is copied: the classic strdup and join idioms. */
char *greet(const char *user, const char *title, const char *tag)
{
    static const char greeting[] = "hello, ";
    char *dup = malloc(strlen(user) + 1);
    char *joined;
    char *tagged = (char *)malloc(sizeof(tag) + 1);
    if (dup == NULL) {
        free(tagged);
        return NULL;
    }
    // ok: c/strcpy-unbounded
    strcpy(dup, user);
    joined = malloc(sizeof greeting + strlen(user) + 1);
    if (joined == NULL || tagged == NULL) {
        free(dup);
        free(joined);
        free(tagged);
        return NULL;
    }
    // ok: c/strcpy-unbounded
    strcpy(joined, greeting);
    // ok: c/strcpy-unbounded
    strcat(joined, user);
    // The title is not counted in the size.
    // ruleid: c/strcpy-unbounded
    strcat(joined, title);
    // `sizeof` of a pointer is the pointer's size, not the string's.
    // ruleid: c/strcpy-unbounded
    strcpy(tagged, tag);
    free(dup);
    free(tagged);
    return joined;
}
