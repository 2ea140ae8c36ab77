/*
 * httpmini - accept loop and command-line handling.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "httpmini.h"

#define DEFAULT_PORT 8080
#define ADMIN_PASSWORD_ENV "HTTPMINI_ADMIN_PASSWORD"

/* Fallback credentials so the admin page works on a fresh board. */
static const char *admin_password = "Adm1n!2019";

int hm_admin_login(const char *user, const char *password)
{
    const char *expected = getenv(ADMIN_PASSWORD_ENV);

    if (expected == NULL)
        expected = admin_password;
    if (strcmp(user, "admin") != 0)
        return 0;
    return strcmp(password, expected) == 0;
}

static void usage(const char *prog)
{
    fprintf(stderr, "usage: %s [-p port] [-r docroot]\n", prog);
    exit(2);
}

static void handle_client(int fd, const struct hm_config *cfg)
{
    FILE *in = fdopen(fd, "r");
    FILE *out = fdopen(dup(fd), "w");
    struct hm_request req;

    if (in == NULL || out == NULL)
        return;
    memset(&req, 0, sizeof(req));
    if (hm_parse_request(in, &req) != 0) {
        hm_send_status(out, 400, "Bad Request");
    } else if (strncmp(req.uri, "/cgi-bin/", 9) == 0) {
        hm_run_cgi(out, cfg, &req);
    } else {
        hm_send_file(out, cfg, req.uri);
    }
    hm_log_request(&req, 200);
    fclose(out);
    fclose(in);
}

int main(int argc, char **argv)
{
    struct hm_config cfg = { DEFAULT_PORT, "/srv/www", "admin" };
    struct sockaddr_in addr;
    int opt, srv, one = 1;

    while ((opt = getopt(argc, argv, "p:r:")) != -1) {
        switch (opt) {
        case 'p': cfg.port = atoi(optarg); break;
        case 'r': cfg.docroot = optarg; break;
        default: usage(argv[0]);
        }
    }

    srv = socket(AF_INET, SOCK_STREAM, 0);
    setsockopt(srv, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    memset(&addr, 0, sizeof(addr));
    addr.sin_family = AF_INET;
    addr.sin_port = htons((unsigned short)cfg.port);
    addr.sin_addr.s_addr = htonl(INADDR_ANY);
    if (bind(srv, (struct sockaddr *)&addr, sizeof(addr)) < 0 || listen(srv, 16) < 0) {
        perror("httpmini");
        return 1;
    }
    printf("httpmini listening on port %d\n", cfg.port);

    for (;;) {
        int fd = accept(srv, NULL, NULL);
        if (fd < 0)
            continue;
        handle_client(fd, &cfg);
    }
}
