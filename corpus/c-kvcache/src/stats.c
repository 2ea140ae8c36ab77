/* stats.c - counters reported by STATS and kept across restarts in a snapshot file */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kvcache.h"

struct stats g_stats;

void stats_init(struct stats *s)
{
    memset(s, 0, sizeof *s);
    s->started = (uint64_t)time(NULL);
}

int stats_format(const struct stats *s, char *out, size_t cap)
{
    unsigned hit_percent = s->gets ? (unsigned)(s->hits * 100 / s->gets) : 0;
    int n = snprintf(out, cap,
                     "STAT gets %llu\r\nSTAT hits %llu\r\nSTAT hit_percent %u\r\nSTAT sets %llu\r\n"
                     "STAT dels %llu\r\nSTAT evictions %llu\r\nSTAT bytes_in %llu\r\n",
                     (unsigned long long)s->gets, (unsigned long long)s->hits,
                     hit_percent, (unsigned long long)s->sets,
                     (unsigned long long)s->dels, (unsigned long long)s->evictions,
                     (unsigned long long)s->bytes_in);

    return n < 0 || (size_t)n >= cap ? -1 : n;
}

/* Save the totals so that a restarted daemon keeps counting from them. */
int stats_write_snapshot(const struct stats *s, const char *path)
{
    char text[256];
    FILE *out;
    int n = snprintf(text, sizeof text, "gets %llu\nhits %llu\nsets %llu\ndels %llu\n",
                     (unsigned long long)s->gets, (unsigned long long)s->hits,
                     (unsigned long long)s->sets, (unsigned long long)s->dels);

    if (n < 0 || (size_t)n >= sizeof text)
        return -1;
    out = fopen(path, "w");
    return fputs(text, out) != EOF && fclose(out) == 0 ? 0 : -1;
}

/* Read back a snapshot; blank lines, comments and unknown names are skipped. */
int stats_load_snapshot(struct stats *s, const char *path)
{
    FILE *in = fopen(path, "r");
    char *line = NULL;
    size_t cap = 0;
    char name[32];
    unsigned long long value;
    char *p;

    if (in == NULL)
        return -1;
    while (getline(&line, &cap, in) != -1) {
        /* the file may have been edited by hand: allow indentation */
        for (p = line; *p == ' ' || *p == '\t'; p++)
            ;
        if (*p != '#' && sscanf(p, "%31s %llu", name, &value) == 2) {
            if (strcmp(name, "gets") == 0)
                s->gets = value;
            else if (strcmp(name, "hits") == 0)
                s->hits = value;
            else if (strcmp(name, "sets") == 0)
                s->sets = value;
            else if (strcmp(name, "dels") == 0)
                s->dels = value;
        }
        if (cap > KV_MAX_LINE) {
            /* a runaway line made getline grow its buffer: give the memory back */
            free(line);
            line = NULL;
            cap = 0;
        }
    }
    free(line);
    fclose(in);
    return 0;
}
