#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

struct item { int id; char name[32]; };

int *from_the_terminal(void)
{
    char line[32];
    int count = -1;
    int *values;
    if (fgets(line, sizeof line, stdin) != NULL)
        count = atoi(line);
    // ruleid: c/taint-allocation-overflow
    values = (int *)malloc(count * sizeof(int));
    return values;
}

struct item *from_scanf(void)
{
    size_t n = 0;
    if (scanf("%zu", &n) != 1)
        return NULL;
    // ruleid: c/taint-allocation-overflow
    return malloc(sizeof(struct item) * n);
}

char *grown(char *buffer, int sock)
{
    char header[8];
    long blocks;
    if (recv(sock, header, sizeof header - 1, 0) <= 0)
        return NULL;
    header[7] = '\0';
    blocks = strtol(header, NULL, 10);
    // ruleid: c/taint-allocation-overflow
    return realloc(buffer, blocks << 12);
}

int *checked_against_the_limit(void)
{
    char line[32];
    size_t count;
    if (fgets(line, sizeof line, stdin) == NULL)
        return NULL;
    count = strtoul(line, NULL, 10);
    if (count > SIZE_MAX / sizeof(int))
        return NULL;
    // ok: c/taint-allocation-overflow
    return malloc(count * sizeof(int));
}

int *checked_in_range(void)
{
    int count = 0;
    if (scanf("%d", &count) != 1)
        return NULL;
    if (count > 0 && count < 1000) {
        // ok: c/taint-allocation-overflow
        return malloc(count * sizeof(int));
    }
    return NULL;
}

int *allocator_checks(void)
{
    int count = 0;
    if (scanf("%d", &count) != 1)
        return NULL;
    // calloc fails rather than wrapping.
    // ok: c/taint-allocation-overflow
    return calloc(count, sizeof(int));
}

char *a_string_copy(const char *name)
{
    char line[64];
    char *copy;
    if (fgets(line, sizeof line, stdin) == NULL)
        return NULL;
    // A length measures a buffer that exists; a sum wraps only at the top of the range.
    // ok: c/taint-allocation-overflow
    copy = malloc(strlen(line) * 2 + 1);
    // ok: c/taint-allocation-overflow
    char *plus = malloc(atoi(line) + 1);
    free(plus);
    return copy;
}

int *masked(void)
{
    int r = rand();
    // ok: c/taint-allocation-overflow
    return malloc((r & 0xff) * sizeof(int));
}

int *a_constant_count(void)
{
    int count = 20;
    // ok: c/taint-allocation-overflow
    return malloc(count * sizeof(int));
}

void *checked_by_division(void *old, size_t size)
{
    size_t count = 0;
    if (scanf("%zu", &count) != 1)
        return NULL;
    if (count > 0 && size > 0 && SIZE_MAX / count < size)
        return NULL;
    // ok: c/taint-allocation-overflow
    return realloc(old, count * size);
}
