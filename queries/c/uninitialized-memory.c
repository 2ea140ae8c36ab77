#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int id; int weight; } item;

static int table[8];

int sum_unset(void)
{
    int values[10];
    int total = 0;
    int i;
    for (i = 0; i < 10; i++) {
        // ruleid: c/uninitialized-memory
        total += values[i];
    }
    return total;
}

int sum_half(void)
{
    int *values = (int *)malloc(10 * sizeof(int));
    int total = 0;
    int i;
    if (values == NULL)
        return 0;
    for (i = 0; i < 5; i++)
        values[i] = i;
    for (i = 0; i < 10; i++) {
        // ruleid: c/uninitialized-memory
        total += values[i];
    }
    for (i = 0; i < 5; i++) {
        // ok: c/uninitialized-memory
        total += values[i];
    }
    free(values);
    return total;
}

int sum_filled(int n)
{
    int values[10];
    int zeros[10] = {0};
    int *fresh = (int *)calloc(10, sizeof(int));
    int total = 0;
    int i;
    if (fresh == NULL)
        return 0;
    for (i = 0; i < 10; i++)
        values[i] = i * n;
    for (i = 0; i < 10; i++) {
        // ok: c/uninitialized-memory
        total += values[i] + zeros[i] + table[i % 8];
        // ok: c/uninitialized-memory
        total += fresh[i];
    }
    free(fresh);
    return total;
}

void members(void)
{
    item *items = (item *)malloc(4 * sizeof(item));
    item spare[4];
    int i;
    if (items == NULL)
        return;
    for (i = 0; i < 4; i++) {
        items[i].id = i;
        items[i].weight = 0;
    }
    for (i = 0; i < 4; i++) {
        // ok: c/uninitialized-memory
        printf("%d\n", items[i].id);
        // ruleid: c/uninitialized-memory
        printf("%d\n", spare[i].id);
    }
    free(items);
}

void filled_by_calls(FILE *in, char *out)
{
    char line[64];
    char copy[64];
    char never[64];
    if (fgets(line, sizeof line, in) == NULL)
        return;
    // ok: c/uninitialized-memory
    memcpy(copy, line, sizeof line);
    // ruleid: c/uninitialized-memory
    memcpy(out, never, sizeof never);
    // ok: c/uninitialized-memory
    putchar(copy[0]);
}

void some_paths(int c)
{
    int values[4];
    int i;
    if (c) {
        for (i = 0; i < 4; i++)
            values[i] = i;
    }
    // One path wrote it: not reported (the paths may be correlated).
    // ok: c/uninitialized-memory
    printf("%d\n", values[2]);
}
