#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>

void printIntLine(int);

int per_item(int total) {
    int items = -1;
    if (fscanf(stdin, "%d", &items) != 1)
        return 0;
    // ruleid: c/taint-divide-by-zero
    return total / items;
}

int bucket(int sock) {
    char buf[32];
    ssize_t n = recv(sock, buf, sizeof buf - 1, 0);
    int width;
    if (n <= 0)
        return 0;
    buf[n] = '\0';
    width = atoi(buf);
    // ruleid: c/taint-divide-by-zero
    return 1024 % width;
}

double ratio(void) {
    float scale = (float)rand();
    // ruleid: c/taint-divide-by-zero
    return 100.0 / scale;
}

int average(const int *values, int n) {
    int count = 0;
    int sum = 0;
    int i;
    for (i = 0; i < n; i++) {
        if (values[i] > 0) {
            sum += values[i];
            count++;
        }
    }
    // ok: c/divide-by-constant-zero
    printIntLine(sum / (count + 1));
    // No positive value leaves `count` at zero.
    // ruleid: c/divide-by-constant-zero
    return sum / count;
}

int unset_divisor(int total, int mode) {
    int parts = 0;
    if (mode == 1)
        parts = 4;
    // ruleid: c/divide-by-constant-zero
    return total / parts;
}

int checked(int total) {
    int items = -1;
    int parts = 0;
    double scale = (double)rand();
    if (fscanf(stdin, "%d", &items) != 1)
        return 0;
    if (items == 0)
        return 0;
    // ok: c/taint-divide-by-zero
    printIntLine(total / items);
    if (fabs(scale) > 0.000001) {
        // ok: c/taint-divide-by-zero
        printIntLine((int)(100.0 / scale));
    }
    parts = 7;
    // ok: c/divide-by-constant-zero
    printIntLine(total / parts);
    if (fscanf(stdin, "%d", &items) != 1 || items <= 0)
        return 0;
    // ok: c/taint-divide-by-zero
    printIntLine(total % items);
    // ok: c/taint-divide-by-zero
    return sscanf("7", "%d", &items) == 1 && items != 0 ? total / items : 0;
}
