/*
 * logd: a small log collection daemon.
 *
 * UDP <port>: syslog-style datagrams, relayed to the local syslog.
 * TCP <port>: control requests, one request line per connection.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "logd.h"

struct logd_config logd_cfg = {
    .listen_addr = "127.0.0.1",
    .spool_dir = "/var/spool/logd",
    .archive_dir = "/var/spool/logd/archive",
    .db_path = "/var/lib/logd/index.db",
    .post_rotate = "",
    .port = LOGD_DEFAULT_PORT,
};

struct route {
    const char *verb;
    void (*handler)(int fd);
};

static const struct route ROUTES[] = {
    {"HELLO ", handle_hello},
    {"PING", handle_ping},
    {"APPEND ", ingest_append},
    {"WRITE ", handle_write},
    {"READ ", handle_read},
    {"TAIL ", handle_tail},
    {"FETCH ", handle_fetch},
    {"ARCHIVE ", handle_archive},
    {"ROTATE ", handle_rotate},
    {"GREP\n", handle_grep},
    {"QUERY ", handle_query},
    {"COUNT ", handle_count},
    {"SEARCH ", handle_search},
    {"TAG ", handle_tag},
    {"STATS ", handle_stats},
};

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
}

/* "key = value" lines; unknown keys are ignored. */
static int load_config(const char *path)
{
    char line[1024];
    FILE *conf = fopen(path, "r");

    if (conf == NULL)
        return errno == ENOENT ? 0 : -1;
    while (fgets(line, sizeof line, conf) != NULL) {
        char *eq = strchr(line, '=');
        char *key;
        char *value;

        if (line[0] == '#' || eq == NULL)
            continue;
        *eq = '\0';
        key = trim(line);
        value = trim(eq + 1);
        if (strcmp(key, "listen") == 0)
            snprintf(logd_cfg.listen_addr, sizeof logd_cfg.listen_addr, "%s", value);
        else if (strcmp(key, "spool_dir") == 0)
            snprintf(logd_cfg.spool_dir, sizeof logd_cfg.spool_dir, "%s", value);
        else if (strcmp(key, "archive_dir") == 0)
            snprintf(logd_cfg.archive_dir, sizeof logd_cfg.archive_dir, "%s", value);
        else if (strcmp(key, "db_path") == 0)
            snprintf(logd_cfg.db_path, sizeof logd_cfg.db_path, "%s", value);
        else if (strcmp(key, "post_rotate") == 0)
            snprintf(logd_cfg.post_rotate, sizeof logd_cfg.post_rotate, "%s", value);
        else if (strcmp(key, "port") == 0)
            logd_cfg.port = atoi(value);
    }
    fclose(conf);
    return 0;
}

/* The nightly hook the administrator configured, e.g. to ship archives off the box. */
static void run_post_rotate(void)
{
    if (logd_cfg.post_rotate[0] == '\0')
        return;
    if (system(logd_cfg.post_rotate) != 0)
        syslog(LOG_WARNING, "post_rotate command failed");
}

static void dispatch(int fd)
{
    char verb[16];
    const char *reply;
    ssize_t n;
    size_t i;

    n = recv(fd, verb, sizeof verb - 1, MSG_PEEK);
    if (n <= 0)
        return;
    verb[n] = '\0';
    for (i = 0; i < sizeof ROUTES / sizeof ROUTES[0]; i++) {
        if (strncmp(verb, ROUTES[i].verb, strlen(ROUTES[i].verb)) == 0) {
            ROUTES[i].handler(fd);
            return;
        }
    }
    /* 0.8 echoed the unknown verb back here; the reply is a fixed text since 0.9. */
    reply = verb;
    reply = "ERR unknown command\n";
    dprintf(fd, reply);
}

static int open_socket(int type)
{
    struct sockaddr_in addr;
    int one = 1;
    int s = socket(AF_INET, type, 0);

    if (s < 0)
        return -1;
    memset(&addr, 0, sizeof addr);
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)logd_cfg.port);
    if (inet_pton(AF_INET, logd_cfg.listen_addr, &addr.sin_addr) != 1) {
        close(s);
        return -1;
    }
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (bind(s, (struct sockaddr *)&addr, sizeof addr) != 0 || (type == SOCK_STREAM && listen(s, 16) != 0)) {
        close(s);
        return -1;
    }
    return s;
}

int main(int argc, char **argv)
{
    const char *conf = LOGD_CONF_PATH;
    struct pollfd fds[2];
    time_t last_rotate = time(NULL);
    int opt;

    while ((opt = getopt(argc, argv, "c:")) != -1) {
        switch (opt) {
        case 'c':
            conf = optarg;
            break;
        default:
            fprintf(stderr, "usage: %s [-c config]\n", argv[0]);
            return 2;
        }
    }
    if (load_config(conf) != 0) {
        fprintf(stderr, "logd: cannot read %s: %s\n", conf, strerror(errno));
        return 1;
    }
    openlog("logd", LOG_PID, LOG_DAEMON);
    if (store_open(logd_cfg.db_path) != 0)
        return 1;

    fds[0].fd = open_socket(SOCK_DGRAM);
    fds[1].fd = open_socket(SOCK_STREAM);
    if (fds[0].fd < 0 || fds[1].fd < 0) {
        fprintf(stderr, "logd: cannot listen on %s:%d\n", logd_cfg.listen_addr, logd_cfg.port);
        return 1;
    }
    fds[0].events = POLLIN;
    fds[1].events = POLLIN;
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);
    signal(SIGPIPE, SIG_IGN);
    syslog(LOG_INFO, "logd %s listening on %s:%d", LOGD_VERSION, logd_cfg.listen_addr, logd_cfg.port);

    while (!stopping) {
        if (poll(fds, 2, 60000) < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (fds[0].revents & POLLIN)
            ingest_datagram(fds[0].fd);
        if (fds[1].revents & POLLIN) {
            int client = accept(fds[1].fd, NULL, NULL);

            if (client >= 0) {
                dispatch(client);
                close(client);
            }
        }
        if (time(NULL) - last_rotate >= 24 * 60 * 60) {
            run_post_rotate();
            last_rotate = time(NULL);
        }
    }
    store_close();
    closelog();
    return 0;
}
