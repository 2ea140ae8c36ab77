#include <cstddef>

struct Session {
    int id;
    void close();
};

void printInt(int);

void release_twice(Session *session, bool failed) {
    if (failed) {
        delete session;
    }
    // ruleid: cpp/double-delete
    delete session;
}

void release_array(int *values) {
    delete[] values;
    // ruleid: cpp/double-delete
    delete[] values;
}

void release_once(Session *session, bool failed) {
    if (failed) {
        delete session;
        session = nullptr;
    }
    // ok: cpp/double-delete
    delete session;
}

void release_fresh(Session *session) {
    delete session;
    session = new Session();
    // ok: cpp/double-delete
    delete session;
}

void release_other(Session *a, Session *b) {
    delete a;
    // ok: cpp/double-delete
    delete b;
}
