#include <stdlib.h>
#include <string.h>

void copies(char *out)
{
    char small[50];
    char large[100];
    char wide[200];
    char *p;
    memset(small, 'A', 49);
    small[49] = '\0';
    memset(large, 'B', 99);
    large[99] = '\0';
    // ruleid: c/out-of-bounds-read
    memcpy(out, small, 100);
    // ok: c/out-of-bounds-read
    memcpy(out, large, 100);
    // ruleid: c/out-of-bounds-read
    memmove(out, small, strlen(large));
    // ok: c/out-of-bounds-read
    memmove(out, small, strlen(small) + 1);
    // `strncpy` stops at the terminator: 50 bytes are read, not 100.
    // ok: c/out-of-bounds-read
    strncpy(out, small, 100);
    p = large - 8;
    // ruleid: c/out-of-bounds-read
    memcpy(out, p, 10);
    // The copy's length is not known from `p`: `c/strcpy-unbounded` says so as well.
    // ruleid: c/out-of-bounds-read
    // ruleid: c/strcpy-unbounded
    strcpy(wide, p);
    // ok: c/out-of-bounds-read
    strcpy(wide, p + 8);
}

int sums(int n)
{
    int values[10] = {0};
    int total = 0;
    int i;
    for (i = 0; i < 10; i++) {
        // ok: c/out-of-bounds-read
        total += values[i];
    }
    for (i = 0; i <= 10; i++) {
        // ruleid: c/out-of-bounds-read
        total += values[i];
    }
    for (i = 1; i <= 10; i++) {
        // ok: c/out-of-bounds-read
        total += values[i - 1];
    }
    for (i = 0; i < 10; i++) {
        // ruleid: c/out-of-bounds-read
        total += values[i - 1];
    }
    // ok: c/out-of-bounds-read
    total += values[9];
    // ruleid: c/out-of-bounds-read
    total += values[10];
    // ok: c/out-of-bounds-read
    total += sizeof values[10];
    for (i = 0; i < n; i++) {
        // ok: c/out-of-bounds-read
        total += values[i];
    }
    return total;
}
