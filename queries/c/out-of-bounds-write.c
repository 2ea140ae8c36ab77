#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define NAME_MAX_LEN 16
#define GREETING "hello, world"

typedef struct { int id; int weight; } item;

void copies(const char *input, const char *other)
{
    char name[NAME_MAX_LEN];
    char big[100];
    char *p;
    // ok: c/out-of-bounds-write
    memcpy(name, input, sizeof(name));
    // ruleid: c/out-of-bounds-write
    memcpy(name, input, 17);
    // ok: c/out-of-bounds-write
    memset(big, 0, 100 * sizeof(char));
    // ruleid: c/out-of-bounds-write
    memset(big, 0, 101);
    p = big + 90;
    // ok: c/out-of-bounds-write
    memcpy(p, input, 10);
    // ruleid: c/out-of-bounds-write
    memcpy(p, input, 11);
    // A bound that is not known is not judged here.
    // ok: c/out-of-bounds-write
    memcpy(big, input, strlen(other));
}

void strings(void)
{
    char ten[10];
    char eleven[11];
    char line[64] = "";
    // ok: c/out-of-bounds-write
    strcpy(ten, "123456789");
    // The terminator needs a byte too: one past the end.
    // ruleid: c/out-of-bounds-write
    strcpy(ten, "1234567890");
    // ok: c/out-of-bounds-write
    strcpy(eleven, "1234567890");
    // ruleid: c/out-of-bounds-write
    strcpy(ten, GREETING);
    // ok: c/out-of-bounds-write
    strcat(line, GREETING);
    // ok: c/out-of-bounds-write
    strcat(line, GREETING);
    // 12 + 12 + 12 and the terminator: 37 bytes of 64.
    // ok: c/out-of-bounds-write
    strcat(line, GREETING);
    // ok: c/out-of-bounds-write
    strncat(line, GREETING, sizeof(line) - strlen(line) - 1);
}

void fill_then_copy(void)
{
    char source[100];
    char dest[50] = "";
    char wide[100];
    memset(source, 'A', 99);
    source[99] = '\0';
    // ruleid: c/out-of-bounds-write
    strcpy(dest, source);
    source[49] = '\0';
    // ok: c/out-of-bounds-write
    strcpy(dest, source);
    // ok: c/out-of-bounds-write
    strncpy(dest, source, sizeof(dest) - 1);
    // ruleid: c/out-of-bounds-write
    strncpy(dest, source, 60);
    memset(wide, 'B', 99);
    wide[99] = '\0';
    // ruleid: c/out-of-bounds-write
    snprintf(dest, sizeof(wide), "%s", wide);
    // ok: c/out-of-bounds-write
    snprintf(dest, sizeof(dest), "%s", wide);
    // At most 11 characters for a number: fits whatever the bound says.
    // ok: c/out-of-bounds-write
    snprintf(dest, 100, "%d", 42);
}

void loops(int n)
{
    int counts[10];
    char text[32];
    item *items = (item *)malloc(50 * sizeof(item));
    int i;
    if (items == NULL)
        return;
    for (i = 0; i < 10; i++) {
        // ok: c/out-of-bounds-write
        counts[i] = 0;
    }
    for (i = 0; i <= 10; i++) {
        // ruleid: c/out-of-bounds-write
        counts[i] = 0;
    }
    for (i = 0; i < 10; i++) {
        // ruleid: c/out-of-bounds-write
        counts[i + 1] = i;
    }
    for (i = 0; i < 100; i++) {
        if (i >= 10)
            break;
        // ok: c/out-of-bounds-write
        counts[i] = i;
    }
    for (i = 0; i < 100; i++) {
        if (i < 50) {
            // ok: c/out-of-bounds-write
            items[i].id = i;
        }
        if (i < 60) {
            // ruleid: c/out-of-bounds-write
            items[i].weight = i;
        }
    }
    for (i = 0; i < 100; i++) {
        // ruleid: c/out-of-bounds-write
        items[i] = items[0];
    }
    for (i = 0; i < 50; i++) {
        // ok: c/out-of-bounds-write
        items[i] = items[0];
    }
    // `sizeof` counts bytes, not elements.
    for (i = 0; i < (int)sizeof(counts); i++) {
        // ruleid: c/out-of-bounds-write
        counts[i] = 0;
    }
    for (i = 0; i < n; i++) {
        // ok: c/out-of-bounds-write
        text[i] = 'x';
    }
    // ok: c/out-of-bounds-write
    text[31] = '\0';
    // ruleid: c/out-of-bounds-write
    text[32] = '\0';
    free(items);
}

void sizes(int fd, FILE *in)
{
    int *numbers = (int *)malloc(10);
    char *before;
    char buffer[100];
    char header[16];
    if (numbers == NULL)
        return;
    // Ten bytes are not ten ints (and nothing was written into `buffer`).
    // ruleid: c/out-of-bounds-write
    // ruleid: c/uninitialized-memory
    memcpy(numbers, buffer, 10 * sizeof(int));
    free(numbers);
    before = buffer - 8;
    // ruleid: c/out-of-bounds-write
    *before = 'x';
    // ok: c/out-of-bounds-write
    before[8] = 'x';
    // ruleid: c/out-of-bounds-write
    fgets(header, 100, in);
    // ok: c/out-of-bounds-write
    fgets(header, sizeof header, in);
    // ruleid: c/out-of-bounds-write
    read(fd, header, sizeof buffer);
}

void branches(int small, const char *input)
{
    char little[10];
    char large[100];
    char *target;
    char *maybe = NULL;
    if (small)
        target = little;
    else
        target = large;
    // Too long for one of the two.
    // ruleid: c/out-of-bounds-write
    memcpy(target, input, 20);
    if (small)
        maybe = large;
    // A null pointer is `c/null-dereference`'s business.
    if (maybe != NULL)
        // ok: c/out-of-bounds-write
        memcpy(maybe, input, 20);
}

void reallocated(const char *input)
{
    char *p = (char *)malloc(10);
    if (p == NULL)
        return;
    free(p);
    p = (char *)malloc(100);
    if (p == NULL)
        return;
    // ok: c/out-of-bounds-write
    memcpy(p, input, 50);
    free(p);
}

void unknown_sizes(char *dst, const char *src, size_t n)
{
    char *copy = (char *)malloc(n);
    if (copy == NULL)
        return;
    // ok: c/out-of-bounds-write
    memcpy(copy, src, n);
    // ok: c/out-of-bounds-write
    memcpy(dst, src, 1000);
    free(copy);
}
