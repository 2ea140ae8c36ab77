/* cache.c - chained hash table of entries with least-recently-used eviction */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kvcache.h"

/* FNV-1a; the SLOT command exposes it so clients can shard keys the same way. */
unsigned long kv_hash(const char *key)
{
    unsigned long h = 2166136261UL;

    while (*key != '\0') {
        h ^= (unsigned char)*key++;
        h *= 16777619UL;
    }
    return h;
}

struct cache *cache_create(size_t nbuckets, size_t max_entries)
{
    struct cache *c = xmalloc(sizeof *c);

    *c = (struct cache){ .nbuckets = nbuckets ? nbuckets : KV_DEFAULT_BUCKETS,
                         .max_entries = max_entries, .verbose = getenv("KVCACHE_VERBOSE") != NULL };
    c->buckets = calloc(c->nbuckets, sizeof *c->buckets);
    if (c->buckets == NULL) {
        free(c);
        return NULL;
    }
    return c;
}

void cache_destroy(struct cache *c)
{
    struct entry *e, *next;
    size_t i;

    for (i = 0; i < c->nbuckets; i++) {
        for (e = c->buckets[i]; e != NULL; e = next) {
            next = e->next;
            free(e->key);
            free(e->value);
            free(e);
        }
    }
    free(c->buckets);
    free(c);
}

const struct entry *cache_get(struct cache *c, const char *key)
{
    struct entry *e;

    for (e = c->buckets[kv_hash(key) % c->nbuckets]; e != NULL; e = e->next) {
        if (strcmp(e->key, key) == 0) {
            e->last_used = ++c->clock;
            return e;
        }
    }
    return NULL;
}

/* Drop the least recently used entry to make room for a new one;
 * -1 when there is nothing to drop. */
static int cache_evict_lru(struct cache *c)
{
    struct entry *victim = NULL;
    struct entry *victim_prev = NULL;
    struct entry *e, *prev;
    size_t i, slot = 0;

    for (i = 0; i < c->nbuckets; i++) {
        prev = NULL;
        for (e = c->buckets[i]; e != NULL; prev = e, e = e->next) {
            if (victim == NULL || e->last_used < victim->last_used) {
                victim = e;
                victim_prev = prev;
                slot = i;
            }
        }
    }
    if (victim == NULL)
        return -1;

    if (victim_prev != NULL)
        victim_prev->next = victim->next;
    else
        c->buckets[slot] = victim->next;
    c->count--;
    g_stats.evictions++;

    free(victim->key);
    free(victim->value);
    free(victim);
    if (c->verbose)
        fprintf(stderr, "kvcache: evicted a %zu-byte value\n", victim->vlen);
    return 0;
}

/* Store value under key. On success the cache owns value (vlen bytes and a
 * terminating NUL); on failure it still belongs to the caller. */
int cache_set(struct cache *c, const char *key, char *value, size_t vlen)
{
    size_t slot = kv_hash(key) % c->nbuckets;
    struct entry *e;
    char *k;

    for (e = c->buckets[slot]; e != NULL; e = e->next) {
        if (strcmp(e->key, key) == 0) {
            free(e->value);
            e->value = value;
            e->vlen = vlen;
            e->last_used = ++c->clock;
            return 0;
        }
    }

    /* copy the key first: a failed copy must not cost another entry its place */
    k = strdup(key);
    if (k == NULL)
        goto fail;
    if (c->count >= c->max_entries && cache_evict_lru(c) != 0) {
        free(k);
        goto fail;
    }
    e = malloc(sizeof *e);
    *e = (struct entry){ .key = k, .klen = strlen(k), .value = value, .vlen = vlen,
                         .last_used = ++c->clock, .next = c->buckets[slot] };
    c->buckets[slot] = e;
    c->count++;
    return 0;

fail:
    free(k);
    fprintf(stderr, "kvcache: no room for key %s\n", key);
    return -1;
}

int cache_del(struct cache *c, const char *key)
{
    size_t slot = kv_hash(key) % c->nbuckets;
    struct entry *prev = NULL;
    struct entry *e;
    size_t released;

    for (e = c->buckets[slot]; e != NULL; e = e->next) {
        if (strcmp(e->key, key) == 0)
            break;
        prev = e;
    }
    if (e == NULL)
        return -1;

    /* unlink it from its chain */
    if (c->buckets[slot] == e)
        c->buckets[slot] = e->next;
    prev->next = e->next;

    released = e->klen + e->vlen;
    free(e->key);
    free(e->value);
    free(e);
    c->count--;
    if (c->verbose)
        fprintf(stderr, "kvcache: deleted an entry, %zu bytes released\n", released);
    return 0;
}

/* Mean length of the non-empty chains: how well keys spread over the buckets. */
size_t cache_avg_chain(const struct cache *c)
{
    size_t used = 0;
    size_t i;

    for (i = 0; i < c->nbuckets; i++) {
        if (c->buckets[i] != NULL)
            used++;
    }
    return c->count / used;
}

/* Mean size of the cached values, in bytes. */
size_t cache_mean_value(const struct cache *c)
{
    const struct entry *e;
    size_t n = 0, bytes = 0;
    size_t i;

    for (i = 0; i < c->nbuckets; i++) {
        for (e = c->buckets[i]; e != NULL; e = e->next) {
            n++;
            bytes += e->vlen;
        }
    }
    if (n == 0)
        return 0;
    return bytes / n;
}
