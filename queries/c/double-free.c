#include <stdlib.h>
void bad1(void) {
    char *data = malloc(10);
    free(data);
    // ruleid: c/double-free
    free(data);
}
void bad2(int c) {
    char *data = malloc(10);
    for (int i = 0; i < c; i++) {
        // ruleid: c/double-free
        free(data);
    }
    // Freed on no round when `c` is not positive, and on some when it is: a leak only some
    // paths have is not reported.
    // ok: c/memory-leak
}
void good1(void) {
    char *data = malloc(10);
    // ok: c/double-free
    free(data);
    data = malloc(3);
    // ok: c/double-free
    free(data);
}
int parse_key(int kind, char *key) {
    switch (kind) {
    case 0:
        free(key);
        return -1;
    case 1:
        break;
    }
    // ok: c/double-free
    free(key);
    return 0;
}
