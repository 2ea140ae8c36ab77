#include <alloca.h>
#include <string.h>

#define SCRATCH_SIZE 512

struct arena {
    void *(*alloca)(struct arena *a, size_t n);
};

void echo_header(const char *value)
{
    // ruleid: c/alloca-unbounded
    char *copy = alloca(strlen(value) + 1);
    memcpy(copy, value, strlen(value) + 1);
}

void decode_body(const unsigned char *body, size_t content_length)
{
    // ruleid: c/alloca-unbounded
    unsigned char *tmp = (unsigned char *)alloca(content_length);
    memcpy(tmp, body, content_length);
}

void scratch(struct arena *a, size_t n)
{
    // ok: c/alloca-unbounded
    char *s1 = alloca(256);
    // ok: c/alloca-unbounded
    char *s2 = alloca(SCRATCH_SIZE);
    // ok: c/alloca-unbounded
    struct arena *s3 = alloca(sizeof(struct arena));
    // ok: c/alloca-unbounded
    void *s4 = a->alloca(a, n);
    (void)s1; (void)s2; (void)s3; (void)s4;
}
