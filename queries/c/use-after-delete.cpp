#include <cstddef>

struct Session {
    int id;
    void close();
};

void printInt(int);
void audit(Session *);

void close_then_log(Session *session) {
    session->close();
    delete session;
    // ruleid: cpp/use-after-delete
    printInt(session->id);
}

void close_then_audit(Session *session, bool done) {
    if (done) {
        delete session;
    }
    // ruleid: cpp/use-after-delete
    audit(session);
}

void read_after_array_delete(int *values) {
    delete[] values;
    // ruleid: cpp/use-after-delete
    printInt(values[0]);
}

void log_then_close(Session *session) {
    // ok: cpp/use-after-delete
    printInt(session->id);
    delete session;
}

void replaced(Session *session) {
    delete session;
    session = new Session();
    // ok: cpp/use-after-delete
    audit(session);
    delete session;
}
