#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair { int one; int two; };
void printIntLine(int);
void printLine(const char *);

int count_positive(const int *values, int n) {
    int total;
    int i;
    for (i = 0; i < n; i++) {
        if (values[i] > 0)
            total = i;
    }
    // Unset only on some paths (no positive value): not reported, as the paths may be
    // correlated in ways one walk does not see.
    // ok: c/uninitialized-variable
    return total;
}

void print_unset(int c) {
    int data;
    int *buffer;
    if (c)
        printIntLine(1);
    else
        printIntLine(2);
    // ruleid: c/uninitialized-variable
    printIntLine(data);
    buffer = malloc(sizeof *buffer);
    // ok: c/uninitialized-variable
    free(buffer);
}

void print_pointer(void) {
    struct pair *p;
    // ruleid: c/uninitialized-variable
    printIntLine(p->one);
}

void print_set(int c) {
    int data;
    int other;
    long n;
    struct pair pair;
    static int calls;
    char *name;
    if (c)
        data = 1;
    else
        data = 2;
    // ok: c/uninitialized-variable
    printIntLine(data);
    if (scanf("%d", &other) != 1)
        return;
    // ok: c/uninitialized-variable
    printIntLine(other);
    memset(&pair, 0, sizeof pair);
    // ok: c/uninitialized-variable
    printIntLine(pair.one);
    // ok: c/uninitialized-variable
    printIntLine(calls);
    // ok: c/uninitialized-variable
    n = sizeof(n);
    name = "x";
    // ok: c/uninitialized-variable
    printLine(name);
}
