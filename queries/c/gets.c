#include <stdio.h>
#include <string.h>

struct line_reader {
    char *(*gets)(struct line_reader *self, char *out);
};

static void read_name(char *name)
{
    char buf[128];
    printf("name: ");
    // ruleid: c/gets
    gets(buf);
    strncpy(name, buf, 127);
}

static int read_command(char *cmd)
{
    // ruleid: c/gets
    if (gets(cmd) == NULL)
        return -1;
    return 0;
}

static int read_line_safe(char *buf, size_t len, struct line_reader *r)
{
    // ok: c/gets
    if (fgets(buf, (int)len, stdin) == NULL)
        return -1;
    // ok: c/gets
    r->gets(r, buf);
    // ok: c/gets
    gets_s(buf, len);
    return 0;
}

// ok: c/gets
int (*gets_hook)(char *) = NULL;
