#ifndef LOGD_H
#define LOGD_H

#include <stddef.h>
#include <sqlite3.h>

#define LOGD_VERSION "0.9.2"
#define LOGD_CONF_PATH "/etc/logd/logd.conf"
#define LOGD_DEFAULT_PORT 5140
#define LOGD_REQ_MAX 1024
#define LOGD_PATH_MAX 512
#define LOGD_CMD_MAX 1536

/* Server-side settings, read once from LOGD_CONF_PATH (owned by root, mode 0644). */
struct logd_config {
    char listen_addr[64];
    char spool_dir[256];
    char archive_dir[256];
    char db_path[256];
    char post_rotate[512];
    int port;
};

extern struct logd_config logd_cfg;

/* util.c */
char *trim(char *s);
void str_lower(char *s);
void strip_eol(char *s);
int send_line(int fd, const char *text);

/* store.c */
int store_open(const char *path);
sqlite3 *store_db(void);
void store_close(void);
int store_print_row(void *arg, int ncols, char **values, char **names);

/* ingest.c */
void ingest_datagram(int sock);
void ingest_append(int fd);

/* handlers.c */
void handle_hello(int fd);
void handle_ping(int fd);
void handle_write(int fd);
void handle_read(int fd);
void handle_tail(int fd);
void handle_fetch(int fd);
void handle_archive(int fd);
void handle_rotate(int fd);
void handle_grep(int fd);

/* query.c */
void handle_query(int fd);
void handle_count(int fd);
void handle_search(int fd);
void handle_tag(int fd);
void handle_stats(int fd);

#endif
