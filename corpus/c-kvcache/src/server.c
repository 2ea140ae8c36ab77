/* server.c - kvcache daemon: accept loop and the line protocol
 *   GET <key> | SET <key> <value> | DEL <key> | QUIT
 *   STATS [<seconds>]     counters, and operations per window of <seconds>
 *   SLOT <key> <shards>   which of <shards> servers a client should use for key
 */
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "kvcache.h"

static struct cache *g_cache;
static volatile sig_atomic_t g_stop;

static void on_signal(int sig)
{
    (void)sig;
    g_stop = 1;
}

/* Send all of data, retrying short writes; returns the bytes sent or -1. */
static ssize_t send_all(int fd, const char *data, size_t len)
{
    size_t off = 0;
    ssize_t total;

    while (off < len) {
        ssize_t n = send(fd, data + off, len - off, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        off += (size_t)n;
    }
    return total;
}

static void reply(int fd, const char *text)
{
    send_all(fd, text, strlen(text));
}

static void cmd_get(int fd, const char *key)
{
    const struct entry *e = cache_get(g_cache, key);
    char header[48];
    int n;

    g_stats.gets++;
    if (e == NULL) {
        reply(fd, "NOT_FOUND\r\n");
        return;
    }
    g_stats.hits++;
    n = snprintf(header, sizeof header, "VALUE %zu\r\n", e->vlen);
    send_all(fd, header, (size_t)n);
    send_all(fd, e->value, e->vlen);
    reply(fd, "\r\nEND\r\n");
}

static void cmd_set(int fd, char *args)
{
    char *sep = strchr(args, ' ');
    char *value;
    size_t vlen;

    if (sep == NULL || sep == args) {
        reply(fd, "ERROR usage: SET key value\r\n");
        return;
    }
    *sep = '\0';
    vlen = strlen(sep + 1);
    value = xmalloc(vlen + 1);
    memcpy(value, sep + 1, vlen + 1);
    if (cache_set(g_cache, args, value, vlen) != 0) {
        free(value);
        reply(fd, "SERVER_ERROR out of memory\r\n");
    }
    g_stats.sets++;
    g_stats.bytes_in += strlen(value);
    reply(fd, "STORED\r\n");
}

static void cmd_del(int fd, const char *key)
{
    const char *status;

    if (cache_del(g_cache, key) == 0) {
        g_stats.dels++;
        status = "DELETED\r\n";
    } else {
        status = "NOT_FOUND\r\n";
    }
    reply(fd, status);
}

static void cmd_stats(int fd, const char *args)
{
    char text[768];
    uint64_t uptime = (uint64_t)time(NULL) - g_stats.started;
    unsigned long window;
    int len = stats_format(&g_stats, text, sizeof text);

    if (len < 0) {
        reply(fd, "SERVER_ERROR stats\r\n");
        return;
    }
    len += snprintf(text + len, sizeof text - (size_t)len,
                    "STAT entries %zu\r\nSTAT avg_chain %zu\r\nSTAT mean_value %zu\r\n",
                    g_cache->count, cache_avg_chain(g_cache), cache_mean_value(g_cache));
    send_all(fd, text, strlen(text));

    if (sscanf(args, "%lu", &window) == 1) {
        /* STATS <seconds>: mean number of operations per window of that length */
        uint64_t ops = g_stats.gets + g_stats.sets + g_stats.dels;
        uint64_t windows = uptime / window;

        if (windows == 0)
            windows = 1;
        len = snprintf(text, sizeof text, "STAT ops_per_window %llu\r\n",
                       (unsigned long long)(ops / windows));
        send_all(fd, text, (size_t)len);
    }
    reply(fd, "END\r\n");
}

static void cmd_slot(int fd, char *args)
{
    char out[64];
    char *sep = strchr(args, ' ');
    unsigned long shards;

    if (sep == NULL || sscanf(sep + 1, "%lu", &shards) != 1) {
        reply(fd, "ERROR usage: SLOT key shards\r\n");
        return;
    }
    if (shards == 0) {
        reply(fd, "ERROR shard count must not be zero\r\n");
        return;
    }
    *sep = '\0';
    snprintf(out, sizeof out, "SLOT %lu\r\n", kv_hash(args) % shards);
    reply(fd, out);
}

/* Run one command line; returns 1 when the client asked to quit. */
static int dispatch(int fd, char *line)
{
    char *args = strchr(line, ' ');

    if (args != NULL)
        *args++ = '\0';
    else
        args = line + strlen(line);

    if (strcasecmp(line, "GET") == 0)
        cmd_get(fd, args);
    else if (strcasecmp(line, "SET") == 0)
        cmd_set(fd, args);
    else if (strcasecmp(line, "DEL") == 0)
        cmd_del(fd, args);
    else if (strcasecmp(line, "STATS") == 0)
        cmd_stats(fd, args);
    else if (strcasecmp(line, "SLOT") == 0)
        cmd_slot(fd, args);
    else if (strcasecmp(line, "QUIT") == 0)
        return 1;
    else
        reply(fd, "ERROR unknown command\r\n");
    return 0;
}

static void serve_client(int fd)
{
    struct buffer *in = buf_new(512);
    char chunk[1024];
    char *line;
    ssize_t n;
    int quit = 0;

    while (in != NULL && !quit && !g_stop) {
        n = recv(fd, chunk, sizeof chunk, 0);
        if (n <= 0)
            break;
        if (buf_append(in, chunk, (size_t)n) != 0) {
            reply(fd, "ERROR line too long\r\n");
            break;
        }
        while (!quit && (line = buf_take_line(in)) != NULL) {
            /* telnet users tend to indent what they type */
            while (*line == ' ' || *line == '\t')
                line++;
            quit = dispatch(fd, line);
            free(line);
        }
    }
    buf_free(in);
    close(fd);
}

int main(int argc, char **argv)
{
    struct sockaddr_in addr = { .sin_family = AF_INET };
    int port = argc > 1 ? atoi(argv[1]) : KV_DEFAULT_PORT;
    int lfd;

    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    signal(SIGPIPE, SIG_IGN);
    stats_init(&g_stats);
    if (stats_load_snapshot(&g_stats, KV_STATS_SNAPSHOT) != 0)
        fprintf(stderr, "kvcache: no stats snapshot, counting from zero\n");
    g_cache = cache_create(KV_DEFAULT_BUCKETS, KV_MAX_ENTRIES);
    if (g_cache == NULL)
        return 1;

    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = htons((uint16_t)port);
    lfd = socket(AF_INET, SOCK_STREAM, 0);
    if (lfd < 0 || bind(lfd, (struct sockaddr *)&addr, sizeof addr) != 0 || listen(lfd, 64) != 0) {
        perror("kvcache: listen");
        return 1;
    }
    /* one client at a time keeps the cache free of locks */
    while (!g_stop) {
        int cfd = accept(lfd, NULL, NULL);

        if (cfd >= 0)
            serve_client(cfd);
        else if (errno != EINTR)
            break;
    }
    close(lfd);
    if (stats_write_snapshot(&g_stats, KV_STATS_SNAPSHOT) != 0)
        fprintf(stderr, "kvcache: could not save the stats snapshot\n");
    cache_destroy(g_cache);
    return 0;
}
