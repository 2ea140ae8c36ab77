#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

static int table[10];

void lower_bound_only(void)
{
    char line[32];
    int index = -1;
    if (fgets(line, sizeof line, stdin) != NULL) {
        index = atoi(line);
    }
    if (index >= 0) {
        // ruleid: c/taint-index-unbounded
        table[index] = 1;
    }
}

void upper_bound_only(void)
{
    int slot = 0;
    if (scanf("%d", &slot) != 1) {
        return;
    }
    if (slot < 10) {
        // ruleid: c/taint-index-negative
        printf("%d\n", table[slot]);
    }
}

int unchecked(int sock)
{
    char packet[16];
    if (recv(sock, packet, sizeof packet - 1, 0) <= 0) {
        return -1;
    }
    packet[15] = '\0';
    long n = strtol(packet, NULL, 10);
    // ruleid: c/taint-index-unbounded, c/taint-index-negative
    return table[n];
}

int both_bounds(void)
{
    char line[32];
    if (fgets(line, sizeof line, stdin) == NULL) {
        return -1;
    }
    int i = atoi(line);
    if (i < 0 || i >= 10) {
        return -1;
    }
    // ok: c/taint-index-unbounded, c/taint-index-negative
    return table[i];
}

int both_in_one_condition(void)
{
    int i = 0;
    if (fscanf(stdin, "%d", &i) != 1) {
        return -1;
    }
    if (i >= 0 && i < (int)(sizeof table / sizeof table[0])) {
        // ok: c/taint-index-unbounded, c/taint-index-negative
        return table[i];
    }
    return 0;
}

int leaves_when_too_large(size_t count)
{
    char line[32];
    if (fgets(line, sizeof line, stdin) == NULL) {
        return -1;
    }
    unsigned long i = strtoul(line, NULL, 10);
    if (i >= count) {
        return -1;
    }
    // An unsigned conversion gives no negative index, and `i >= count` left.
    // ok: c/taint-index-unbounded, c/taint-index-negative
    return table[i];
}

int reversed(void)
{
    int i = 0;
    if (scanf("%d", &i) != 1) {
        return -1;
    }
    if (10 > i && 0 <= i) {
        // ok: c/taint-index-unbounded, c/taint-index-negative
        return table[i];
    }
    return 0;
}

int random_slot(void)
{
    // A remainder bounds it; `rand()` is never negative.
    // ok: c/taint-index-unbounded, c/taint-index-negative
    return table[rand() % 10];
}

int constant_and_loop(void)
{
    int total = 0;
    for (int i = 0; i < 10; i++) {
        // ok: c/taint-index-unbounded, c/taint-index-negative
        total += table[i];
    }
    // ok: c/taint-index-unbounded, c/taint-index-negative
    return total + table[3];
}

int unsigned_types(void)
{
    char line[32];
    if (fgets(line, sizeof line, stdin) == NULL) {
        return -1;
    }
    size_t at = (size_t)atoi(line);
    unsigned int pos = atoi(line);
    if (at >= 10 || pos >= 10) {
        return -1;
    }
    // ok: c/taint-index-unbounded, c/taint-index-negative
    return table[at] + table[pos];
}
