#include <stdlib.h>
#include <string.h>
#include <stdio.h>
void bad1(void) {
    char *data = malloc(10);
    // ruleid: c/null-dereference
    strcpy(data, "x");
    free(data);
}
void bad2(void) {
    int *data = (int *)calloc(10, sizeof(int));
    // ruleid: c/null-dereference
    data[0] = 5;
    free(data);
}
void good1(void) {
    char *data = malloc(10);
    if (data == NULL) { exit(-1); }
    // ok: c/null-dereference
    strcpy(data, "x");
    free(data);
}
void good2(void) {
    int *data = (int *)calloc(10, sizeof(int));
    if (data != NULL) {
        // ok: c/null-dereference
        data[0] = 5;
    }
    free(data);
}
int good3(void) {
    char *data = malloc(10);
    if (!data) return -1;
    // ok: c/null-dereference
    data[0] = 5;
    free(data);
    return 0;
}
struct pair { int one; int two; };
void printIntLine(int);
void printLine(const char *);
void bad_null(void) {
    struct pair *p = NULL;
    // ruleid: c/null-dereference
    printIntLine(p->one);
}
void bad_deref_in_check(void) {
    int *n = NULL;
    if (n == NULL) {
        // ruleid: c/null-dereference
        printIntLine(*n);
    }
}
void bad_bitwise_and(void) {
    struct pair *p = NULL;
    // ruleid: c/null-dereference
    if ((p != NULL) & (p->one == 5)) {
        printLine("five");
    }
}
void bad_stream(void) {
    FILE *f = fopen("out.txt", "w");
    // ruleid: c/null-dereference
    fclose(f);
}
void good_short_circuit(struct pair *q) {
    struct pair *p = NULL;
    // ok: c/null-dereference
    if ((p != NULL) && (p->one == 5)) {
        printLine("five");
    }
    // ok: c/null-dereference
    printIntLine(p ? p->two : 0);
    p = q;
    // ok: c/null-dereference
    printIntLine(p->one);
}
void good_stream(void) {
    FILE *f = fopen("out.txt", "w");
    if (f != NULL) {
        // ok: c/null-dereference
        fclose(f);
    }
}
void good_stack(void) {
    struct pair local;
    struct pair *p = NULL;
    local.one = 1;
    p = &local;
    // ok: c/null-dereference
    printIntLine(p->one);
}
void *xcalloc(size_t n, size_t size) {
    void *ptr;
    if (size == 0 || (ptr = calloc(n, size)) == NULL)
        abort();
    return ptr;
}
struct list { struct pair *head; int count; };
void good_wrapped(struct list *l) {
    struct pair *p = xcalloc(1, sizeof *p);
    // ok: c/null-dereference
    p->one = 1;
    l->head = NULL;
    // ok: c/null-dereference
    l->count = 0;
    free(p);
}
static void out_of_memory(void) {
    printLine("out of memory");
    abort();
}
void *checked_alloc(size_t n) {
    void *p = malloc(n);
    if (!p)
        out_of_memory();
    return p;
}
void good_checked_helper(void) {
    struct pair *p = checked_alloc(sizeof *p);
    // ok: c/null-dereference
    p->one = 1;
}
struct pair **grow(size_t n) {
    static struct pair **cache = NULL;
    static size_t size = 0;
    if (size < n) {
        size = n;
        cache = realloc(cache, n * sizeof *cache);
        if (cache == NULL)
            abort();
    }
    // ok: c/null-dereference
    cache[0] = NULL;
    return cache;
}
