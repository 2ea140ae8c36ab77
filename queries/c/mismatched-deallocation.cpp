#include <cstdlib>
#include <cstring>

struct Record {
    int id;
};

void release(char *buffer);

void malloc_then_delete(size_t n) {
    char *buffer = (char *)malloc(n);
    if (buffer == NULL)
        return;
    memset(buffer, 0, n);
    // ruleid: cpp/malloc-released-with-delete
    delete[] buffer;
}

void strdup_then_delete(const char *name) {
    char *copy = strdup(name);
    // ruleid: cpp/malloc-released-with-delete
    delete copy;
}

void new_then_free() {
    Record *record = new Record();
    record->id = 1;
    // ruleid: cpp/new-released-with-free
    free(record);
}

void array_then_delete(size_t n) {
    int *values = new int[n];
    values[0] = 1;
    // ruleid: cpp/new-delete-array-mismatch
    delete values;
}

void matched(size_t n) {
    char *buffer = (char *)malloc(n);
    Record *record = new Record();
    int *values = new int[n];
    // ok: cpp/malloc-released-with-delete
    free(buffer);
    // ok: cpp/new-released-with-free
    delete record;
    // ok: cpp/new-delete-array-mismatch
    delete[] values;
    buffer = new char[n];
    // ok: cpp/malloc-released-with-delete
    delete[] buffer;
}
