/*
 * Snapshot, restore and job requests. The dispatcher has already consumed
 * the opcode; each handler reads its own request line from the connection.
 *
 * Archives live in the spool as <label>.tar.gz. Jobs in progress are
 * numbered: jobs/<id>.tar is the archive being built, jobs/<id>.log its log.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <syslog.h>
#include <unistd.h>

#include "bkagent.h"

#define MAX_STAGE_OPTS 8

struct hook {
    const char *name;
    const char *command;
};

static const struct hook hooks[] = {
    { "pre-snapshot", "/usr/lib/bkagent/hooks/pre-snapshot" },
    { "post-snapshot", "/usr/lib/bkagent/hooks/post-snapshot" },
    { "db-quiesce", "/usr/lib/bkagent/hooks/db-quiesce" },
    { "db-resume", "/usr/lib/bkagent/hooks/db-resume" },
};

struct stage_opt {
    char *key;
    char *value;
};

/* SNAP <label>: archive the source tree under the label the scheduler picked. */
void handle_snapshot(int fd)
{
    char label[BK_ARG_MAX];
    char cmd[BK_CMD_MAX];
    ssize_t n;
    size_t i;

    n = recv(fd, label, sizeof(label) - 1, 0);
    if (n <= 0)
        return;
    label[n] = '\0';
    bk_chomp(label);
    if (label[0] == '\0') {
        bk_send_status(fd, 0, "missing label");
        return;
    }
    /* labels are case-insensitive in the catalog */
    for (i = 0; label[i] != '\0'; i++)
        label[i] = (char)tolower((unsigned char)label[i]);

    snprintf(cmd, sizeof(cmd), "tar -czf %s/%s.tar.gz -C %s .", bk_cfg.spool_dir, label, bk_cfg.source_root);
    if (system(cmd) != 0) {
        bk_send_status(fd, 0, "tar failed");
        return;
    }
    catalog_record(label, bk_cfg.hostname);
    bk_send_status(fd, 1, "snapshot written");
}

/* RSTR <archive>: stream an archive from the spool back to the scheduler. */
void handle_restore(int fd)
{
    char req[BK_ARG_MAX];
    char path[BK_PATH_MAX];
    char *name;
    FILE *fp;
    ssize_t n;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    bk_chomp(req);
    name = req;
    while (*name == ' ' || *name == '\t')
        name++;

    snprintf(path, sizeof(path), "%s/%s", bk_cfg.spool_dir, name);
    fp = fopen(path, "rb");
    if (fp == NULL) {
        bk_send_status(fd, 0, "no such archive");
        return;
    }
    bk_send_status(fd, 1, "sending");
    bk_send_file(fd, fp);
    fclose(fp);
}

/* JLOG <job-id>: send the log of a job. */
void handle_joblog(int fd)
{
    char req[64];
    char path[BK_PATH_MAX];
    char *end;
    long id;
    FILE *fp;
    ssize_t n;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    errno = 0;
    id = strtol(req, &end, 10);
    if (errno != 0 || end == req || id <= 0) {
        bk_send_status(fd, 0, "bad job id");
        return;
    }

    snprintf(path, sizeof(path), "%s/jobs/%ld.log", bk_cfg.spool_dir, id);
    fp = fopen(path, "r");
    if (fp == NULL) {
        bk_send_status(fd, 0, "no log for job");
        return;
    }
    bk_send_status(fd, 1, "sending");
    bk_send_file(fd, fp);
    fclose(fp);
}

/* VRFY <job-id>: check that a job's archive reads back. */
void handle_verify(int fd)
{
    char req[64];
    char cmd[BK_CMD_MAX];
    int id;
    ssize_t n;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    bk_chomp(req);
    syslog(LOG_INFO, "verify requested for job %s", req);

    id = atoi(req);
    if (id <= 0) {
        bk_send_status(fd, 0, "bad job id");
        return;
    }
    snprintf(cmd, sizeof(cmd), "tar -tf %s/jobs/%d.tar > /dev/null", bk_cfg.spool_dir, id);
    if (system(cmd) != 0) {
        bk_send_status(fd, 0, "archive is damaged");
        return;
    }
    bk_send_status(fd, 1, "archive reads back");
}

/* RCMP <job-id> [codec]: compress a finished job archive in place. */
void handle_recompress(int fd)
{
    char req[128];
    char cmd[BK_CMD_MAX];
    const char *codec;
    char *rest;
    long id;
    ssize_t n;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    bk_chomp(req);
    id = strtol(req, &rest, 10);
    if (rest == req || id <= 0) {
        bk_send_status(fd, 0, "bad job id");
        return;
    }
    while (*rest == ' ')
        rest++;
    codec = *rest != '\0' ? rest : "gzip";
    /*
     * Per-request codecs were withdrawn in 1.3 (restores on older hosts could
     * not read zstd). Old schedulers still send one, so it is parsed and ignored.
     */
    codec = "gzip";

    snprintf(cmd, sizeof(cmd), "%s -9 -f %s/jobs/%ld.tar", codec, bk_cfg.spool_dir, id);
    if (system(cmd) != 0) {
        bk_send_status(fd, 0, "compression failed");
        return;
    }
    bk_send_status(fd, 1, "compressed");
}

/* NOTE <text>: the scheduler adds an operator note to the agent's log. */
void handle_note(int fd)
{
    char note[BK_ARG_MAX];
    ssize_t n;

    n = read(fd, note, sizeof(note) - 1);
    if (n <= 0)
        return;
    note[n] = '\0';
    bk_chomp(note);
    syslog(LOG_NOTICE, note);
    bk_send_status(fd, 1, "noted");
}

/* HOOK <name>: run one of the installed hook scripts and relay its output. */
void handle_hook(int fd)
{
    char name[128];
    char line[BK_ARG_MAX];
    const char *command = NULL;
    FILE *out;
    size_t i;
    ssize_t n;

    n = recv(fd, name, sizeof(name) - 1, 0);
    if (n <= 0)
        return;
    name[n] = '\0';
    bk_chomp(name);

    if (0) {
        /* 1.x schedulers sent the hook as a shell command line; kept until hooks run sandboxed */
        if (system(name) != 0)
            bk_send_status(fd, 0, "hook failed");
        return;
    }

    for (i = 0; i < sizeof(hooks) / sizeof(hooks[0]); i++) {
        if (strcmp(hooks[i].name, name) == 0) {
            command = hooks[i].command;
            break;
        }
    }
    if (command == NULL) {
        bk_send_status(fd, 0, "unknown hook");
        return;
    }

    out = popen(command, "r");
    if (out == NULL) {
        bk_send_status(fd, 0, "cannot start hook");
        return;
    }
    while (fgets(line, sizeof(line), out) != NULL) {
        bk_chomp(line);
        bk_send_line(fd, line);
    }
    bk_send_status(fd, pclose(out) == 0, "hook finished");
}

/*
 * STAG dest=<file>;size=<bytes>: receive a file from the scheduler into the
 * staging area. The file's bytes follow the request line.
 */
void handle_stage(int fd)
{
    char req[BK_ARG_MAX];
    char path[BK_PATH_MAX];
    char buf[8192];
    struct stage_opt opts[MAX_STAGE_OPTS];
    const char *dest = NULL;
    char *tok, *save = NULL;
    size_t nopts = 0, i;
    long size = 0;
    ssize_t n;
    int out;

    n = recv(fd, req, sizeof(req) - 1, 0);
    if (n <= 0)
        return;
    req[n] = '\0';
    bk_chomp(req);

    for (tok = strtok_r(req, ";", &save); tok != NULL && nopts < MAX_STAGE_OPTS; tok = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(tok, '=');
        if (eq == NULL)
            continue;
        *eq = '\0';
        opts[nopts].key = tok;
        opts[nopts].value = eq + 1;
        nopts++;
    }
    for (i = 0; i < nopts; i++) {
        if (strcmp(opts[i].key, "dest") == 0)
            dest = opts[i].value;
        else if (strcmp(opts[i].key, "size") == 0)
            size = strtol(opts[i].value, NULL, 10);
    }
    if (dest == NULL || size <= 0) {
        bk_send_status(fd, 0, "need dest and size");
        return;
    }

    snprintf(path, sizeof(path), "%s/%s", bk_cfg.staging_dir, dest);
    out = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0640);
    if (out < 0) {
        bk_send_status(fd, 0, "cannot create staging file");
        return;
    }
    bk_send_status(fd, 1, "send data");
    while (size > 0) {
        size_t want = size < (long)sizeof(buf) ? (size_t)size : sizeof(buf);
        n = recv(fd, buf, want, 0);
        if (n <= 0)
            break;
        if (write(out, buf, (size_t)n) != n)
            break;
        size -= n;
    }
    close(out);
    bk_send_status(fd, size == 0, size == 0 ? "staged" : "short upload");
}

/* USAG <tag>: report what the spool holds; the tag is echoed so the scheduler can match replies. */
void handle_usage(int fd)
{
    char tag[64];
    char line[BK_ARG_MAX];
    const char *fields[2];
    unsigned long long total = 0;
    unsigned int count = 0;
    struct dirent *de;
    struct stat st;
    DIR *dir;
    ssize_t n;

    n = recv(fd, tag, sizeof(tag) - 1, 0);
    if (n <= 0)
        return;
    tag[n] = '\0';
    bk_chomp(tag);

    fields[0] = bk_cfg.spool_dir;
    fields[1] = tag;

    dir = opendir(fields[0]);
    if (dir == NULL) {
        bk_send_status(fd, 0, "spool unreadable");
        return;
    }
    while ((de = readdir(dir)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        if (fstatat(dirfd(dir), de->d_name, &st, 0) == 0 && S_ISREG(st.st_mode)) {
            total += (unsigned long long)st.st_size;
            count++;
        }
    }
    closedir(dir);

    snprintf(line, sizeof(line), "OK %s dir=%s files=%u bytes=%llu", fields[1], fields[0], count, total);
    bk_send_line(fd, line);
}
