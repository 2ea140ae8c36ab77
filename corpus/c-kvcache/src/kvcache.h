/* kvcache.h - shared declarations for the kvcache daemon */
#ifndef KVCACHE_H
#define KVCACHE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#define KV_DEFAULT_PORT     11311
#define KV_DEFAULT_BUCKETS  1024
#define KV_MAX_ENTRIES      65536
#define KV_MAX_LINE         8192
#define KV_STATS_SNAPSHOT   "/var/lib/kvcache/stats.txt"

/* What a client sent that has not been parsed yet. */
struct buffer {
    char  *data;
    size_t len, cap;
};

/* One cached pair; key and value are heap blocks owned by the entry. */
struct entry {
    char         *key, *value;
    size_t        klen, vlen;
    uint64_t      last_used;
    struct entry *next;
};

struct cache {
    struct entry **buckets;
    size_t         nbuckets, count, max_entries;
    uint64_t       clock;
    int            verbose;
};

struct stats {
    uint64_t gets, hits, sets, dels, evictions, bytes_in;
    uint64_t started;
};

extern struct stats g_stats;

void *xmalloc(size_t n);
struct buffer *buf_new(size_t initial);
void buf_free(struct buffer *b);
int buf_append(struct buffer *b, const void *src, size_t n);
char *buf_take_line(struct buffer *b);

unsigned long kv_hash(const char *key);
struct cache *cache_create(size_t nbuckets, size_t max_entries);
void cache_destroy(struct cache *c);
const struct entry *cache_get(struct cache *c, const char *key);
int cache_set(struct cache *c, const char *key, char *value, size_t vlen);
int cache_del(struct cache *c, const char *key);
size_t cache_avg_chain(const struct cache *c);
size_t cache_mean_value(const struct cache *c);

void stats_init(struct stats *s);
int stats_format(const struct stats *s, char *out, size_t cap);
int stats_write_snapshot(const struct stats *s, const char *path);
int stats_load_snapshot(struct stats *s, const char *path);

#endif /* KVCACHE_H */
