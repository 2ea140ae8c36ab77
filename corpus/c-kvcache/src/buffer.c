/* buffer.c - growable input buffer and allocation helpers */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvcache.h"

/* malloc that never returns NULL: the daemon cannot do anything useful without memory. */
void *xmalloc(size_t n)
{
    void *p = malloc(n);

    if (p == NULL) {
        fprintf(stderr, "kvcache: out of memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}

struct buffer *buf_new(size_t initial)
{
    struct buffer *b = malloc(sizeof *b);

    if (!b)
        return NULL;
    b->cap = initial ? initial : 256;
    b->data = xmalloc(b->cap);
    b->len = 0;
    return b;
}

void buf_free(struct buffer *b)
{
    if (b == NULL)
        return;
    free(b->data);
    free(b);
}

/* Append n bytes, doubling the capacity as needed; a client may not send
 * more than KV_MAX_LINE bytes without a newline. */
int buf_append(struct buffer *b, const void *src, size_t n)
{
    size_t cap = b->cap;
    char *data;

    while (cap < b->len + n)
        cap *= 2;
    if (cap > KV_MAX_LINE)
        return -1;
    if (cap != b->cap) {
        data = realloc(b->data, cap);
        if (data == NULL)
            return -1;
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, src, n);
    b->len += n;
    return 0;
}

/* Remove the first complete line from the buffer and return it as a heap
 * string without its line ending; NULL when no full line has arrived yet. */
char *buf_take_line(struct buffer *b)
{
    char *nl = memchr(b->data, '\n', b->len);
    char *line;
    size_t n;

    if (nl == NULL)
        return NULL;
    n = (size_t)(nl - b->data);
    line = xmalloc(n + 1);
    memcpy(line, b->data, n);
    line[n] = '\0';
    if (n > 0 && line[n - 1] == '\r')
        line[n - 1] = '\0';
    b->len -= n + 1;
    memmove(b->data, nl + 1, b->len);
    return line;
}
