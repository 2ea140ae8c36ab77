#ifndef BKAGENT_H
#define BKAGENT_H

#include <stdio.h>
#include <sqlite3.h>

#define BK_ARG_MAX  512
#define BK_PATH_MAX 1024
#define BK_CMD_MAX  2048
#define BK_SQL_MAX  2048

struct bk_config {
    char spool_dir[BK_PATH_MAX];    /* finished archives, jobs/ holds work in progress */
    char staging_dir[BK_PATH_MAX];  /* files pushed by the scheduler before a restore */
    char source_root[BK_PATH_MAX];  /* the tree that snapshots are taken of */
    char catalog_path[BK_PATH_MAX]; /* sqlite3 snapshot catalog */
    char hostname[256];
    unsigned short port;
    int recent_default;
};

extern struct bk_config bk_cfg;
extern sqlite3 *bk_catalog;

/* util.c */
void bk_chomp(char *s);
int bk_send_line(int fd, const char *line);
int bk_send_status(int fd, int ok, const char *msg);
int bk_send_file(int fd, FILE *fp);

/* jobs.c: one handler per opcode, each reads its own request line */
void handle_snapshot(int fd);
void handle_restore(int fd);
void handle_joblog(int fd);
void handle_verify(int fd);
void handle_recompress(int fd);
void handle_note(int fd);
void handle_hook(int fd);
void handle_stage(int fd);
void handle_usage(int fd);

/* catalog.c */
int catalog_open(const char *path);
void catalog_close(void);
int catalog_record(const char *label, const char *host);
void handle_find(int fd);
void handle_info(int fd);
void handle_forget(int fd);
void handle_prune(int fd);
void handle_recent(int fd);

#endif
