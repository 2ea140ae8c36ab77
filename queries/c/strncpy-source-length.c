#include <stdlib.h>
#include <string.h>

struct header {
    char name[64];
    char value[256];
};

void header_set(struct header *h, const char *name, const char *value)
{
    // ruleid: c/strncpy-source-length
    strncpy(h->name, name, strlen(name));
    // ruleid: c/strncpy-source-length
    strncat(h->value, value, strlen(value));
}

void header_copy(char *dst, const char *src)
{
    // ruleid: c/strncpy-source-length
    stpncpy(dst, src, strlen(src));
}

char *dup_string(const char *src)
{
    char *p = malloc(strlen(src) + 1);
    if (p != NULL)
        // ok: c/strncpy-source-length
        memcpy(p, src, strlen(src) + 1);
    return p;
}

void header_append(struct header *h, const char *more)
{
    char buf[128] = "";
    // ruleid: c/strncpy-source-length
    strncat(h->value, more, sizeof(h->value));
    // Where the sizes are known, `c/out-of-bounds-write` says by how much.
    // ruleid: c/out-of-bounds-write
    strncat(buf, more, sizeof(buf));
}

void header_set_safe(struct header *h, const char *name, const char *value)
{
    char buf[128] = "";
    // ok: c/strncpy-source-length
    strncpy(h->name, name, sizeof(h->name) - 1);
    if (strlen(value) < sizeof(h->value))
        // ok: c/strncpy-source-length
        memcpy(h->value, value, strlen(value));
    // ok: c/strncpy-source-length
    strncat(buf, value, sizeof(buf) - strlen(buf) - 1);
    // ok: c/strncpy-source-length
    strncat(buf, name, sizeof(h->name));
}
