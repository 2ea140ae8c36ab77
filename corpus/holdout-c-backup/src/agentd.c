/*
 * bkagentd: the backup agent.
 *
 * The scheduler on the same host connects to the request port, sends a
 * four-letter opcode and then the request line for that opcode. One
 * connection carries one request.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <syslog.h>
#include <unistd.h>

#include "bkagent.h"

struct bk_config bk_cfg = {
    .spool_dir = "/var/spool/bkagent",
    .staging_dir = "/var/lib/bkagent/staging",
    .source_root = "/srv",
    .catalog_path = "/var/lib/bkagent/catalog.db",
    .port = 7411,
    .recent_default = 20,
};

struct opcode {
    const char *name;
    void (*handler)(int fd);
};

static const struct opcode opcodes[] = {
    { "SNAP", handle_snapshot },
    { "RSTR", handle_restore },
    { "JLOG", handle_joblog },
    { "VRFY", handle_verify },
    { "RCMP", handle_recompress },
    { "NOTE", handle_note },
    { "HOOK", handle_hook },
    { "STAG", handle_stage },
    { "USAG", handle_usage },
    { "FIND", handle_find },
    { "INFO", handle_info },
    { "FRGT", handle_forget },
    { "PRUN", handle_prune },
    { "RCNT", handle_recent },
};

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
}

static int read_opcode(int fd, char op[5])
{
    size_t got = 0;

    while (got < 4) {
        ssize_t n = recv(fd, op + got, 4 - got, 0);
        if (n <= 0)
            return -1;
        got += (size_t)n;
    }
    op[4] = '\0';
    return 0;
}

static void serve_client(int fd)
{
    char op[5];
    size_t i;

    if (read_opcode(fd, op) != 0)
        return;
    for (i = 0; i < sizeof(opcodes) / sizeof(opcodes[0]); i++) {
        if (strcmp(op, opcodes[i].name) == 0) {
            opcodes[i].handler(fd);
            return;
        }
    }
    bk_send_status(fd, 0, "unknown opcode");
}

static int open_listener(unsigned short port)
{
    struct sockaddr_in addr;
    int one = 1;
    int fd;

    fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return -1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));

    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons(port);
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&addr, sizeof(addr)) != 0 || listen(fd, 16) != 0) {
        close(fd);
        return -1;
    }
    return fd;
}

int main(int argc, char **argv)
{
    struct sigaction sa;
    int listener;
    int opt;

    while ((opt = getopt(argc, argv, "p:")) != -1) {
        switch (opt) {
        case 'p':
            bk_cfg.port = (unsigned short)strtoul(optarg, NULL, 10);
            break;
        default:
            fprintf(stderr, "usage: bkagentd [-p port]\n");
            return 2;
        }
    }

    if (gethostname(bk_cfg.hostname, sizeof(bk_cfg.hostname) - 1) != 0)
        snprintf(bk_cfg.hostname, sizeof(bk_cfg.hostname), "localhost");

    openlog("bkagentd", LOG_PID, LOG_DAEMON);
    if (catalog_open(bk_cfg.catalog_path) != 0) {
        syslog(LOG_ERR, "cannot open catalog %s", bk_cfg.catalog_path);
        return 1;
    }

    listener = open_listener(bk_cfg.port);
    if (listener < 0) {
        syslog(LOG_ERR, "cannot listen on port %u: %s", bk_cfg.port, strerror(errno));
        catalog_close();
        return 1;
    }

    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    signal(SIGPIPE, SIG_IGN);

    syslog(LOG_INFO, "listening on 127.0.0.1:%u", bk_cfg.port);
    while (!stopping) {
        int client = accept(listener, NULL, NULL);
        if (client < 0) {
            if (errno == EINTR)
                continue;
            syslog(LOG_WARNING, "accept: %s", strerror(errno));
            continue;
        }
        serve_client(client);
        close(client);
    }

    close(listener);
    catalog_close();
    closelog();
    return 0;
}
