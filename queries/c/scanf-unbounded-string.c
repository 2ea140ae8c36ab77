#include <stdio.h>

struct request_line {
    char method[16];
    char uri[1024];
    char version[16];
};

int parse_request_line(const char *line, struct request_line *rl)
{
    // ruleid: c/scanf-unbounded-string
    return sscanf(line, "%s %s HTTP/%s", rl->method, rl->uri, rl->version);
}

int read_user(char *user)
{
    // ruleid: c/scanf-unbounded-string
    return scanf("%s", user);
}

int parse_header(FILE *f, char *name, char *value)
{
    // ruleid: c/scanf-unbounded-string
    return fscanf(f, "%63[^:]: %[^\r\n]", name, value);
}

int parse_request_line_safe(const char *line, struct request_line *rl, int *port, char *name)
{
    // ok: c/scanf-unbounded-string
    sscanf(line, "%15s %1023s HTTP/%15s", rl->method, rl->uri, rl->version);
    // ok: c/scanf-unbounded-string
    sscanf(line, "%*s %d", port);
    // ok: c/scanf-unbounded-string
    sscanf(line, "100%%s done %d", port);
    // ok: c/scanf-unbounded-string
    scanf("%ms", &name);
    // ok: c/scanf-unbounded-string
    return sscanf(line, "%63[^:]", name);
}
