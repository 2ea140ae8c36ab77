#include <stdlib.h>
#include <time.h>

static const char charset[] = "abcdefghijklmnopqrstuvwxyz0123456789";

struct session {
    unsigned int session_id;
    char csrf[33];
    int retry_delay_ms;
};

void session_new(struct session *s)
{
    srand((unsigned)time(NULL));
    // ruleid: c/insecure-random-secret
    s->session_id = (unsigned int)rand();
    for (int i = 0; i < 32; i++)
        // ruleid: c/insecure-random-secret
        s->csrf[i] = charset[rand() % (sizeof(charset) - 1)];
    s->csrf[32] = '\0';
}

unsigned long make_nonce(void)
{
    // ruleid: c/insecure-random-secret
    unsigned long nonce = random() ^ (unsigned long)time(NULL);
    return nonce;
}

void session_backoff(struct session *s, int *samples, int n)
{
    // ok: c/insecure-random-secret
    s->retry_delay_ms = 100 + rand() % 400;
    for (int i = 0; i < n; i++)
        // ok: c/insecure-random-secret
        samples[i] = rand() % 1000;
    // ok: c/insecure-random-secret
    int jitter = rand() % 50;
    // ok: c/insecure-random-secret
    int monkey = rand();
    (void)jitter; (void)monkey;
}
