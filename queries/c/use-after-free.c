#include <stdlib.h>
void printLine(const char *);
void bad1(void) {
    char *data = malloc(10);
    free(data);
    // ruleid: c/use-after-free
    printLine(data);
}
void bad2(int c) {
    char *data = malloc(10);
    if (c) {
        free(data);
    }
    // ruleid: c/use-after-free
    if (data) data[0] = 'a';
    // Freed only when `c` is true: a leak only some paths have is not reported.
    // ok: c/memory-leak
}
void bad3(void) {
    char *data = malloc(10);
    char *alias = data;
    free(data);
    // ruleid: c/use-after-free
    printLine(alias);
}
void good1(void) {
    char *data = malloc(10);
    free(data);
    data = malloc(20);
    // ok: c/use-after-free
    printLine(data);
    free(data);
}
void good2(void) {
    char *data = malloc(10);
    free(data);
    data = NULL;
    // ok: c/use-after-free
    printLine(data);
}
