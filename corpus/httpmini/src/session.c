/*
 * Admin session tokens.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "httpmini.h"

static const char token_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

static int seeded;

void hm_session_new(char *token_out, size_t len)
{
    char token[33];

    if (!seeded) {
        srand((unsigned)time(NULL));
        seeded = 1;
    }
    for (size_t i = 0; i < sizeof(token) - 1; i++)
        token[i] = token_alphabet[rand() % (sizeof(token_alphabet) - 1)];
    token[sizeof(token) - 1] = '\0';
    strncpy(token_out, token, len - 1);
    token_out[len - 1] = '\0';
}

/* Back-off before answering a failed login; jitter need not be secure. */
unsigned int hm_login_delay_ms(void)
{
    unsigned int delay = 250 + rand() % 250;
    return delay;
}
