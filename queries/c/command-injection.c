#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CLEAR_CMD "clear"

struct backend {
    int (*system)(const char *cmd);
};

int ping_host(const char *host)
{
    char cmd[256];
    snprintf(cmd, sizeof(cmd), "ping -c 1 %s", host);
    // ruleid: c/command-injection
    return system(cmd);
}

FILE *list_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof(cmd), "ls -l %s", dir);
    // ruleid: c/command-injection
    return popen(cmd, "r");
}

void run_hook(const char *script)
{
    if (fork() == 0) {
        // ruleid: c/command-injection
        execl("/bin/sh", "sh", "-c", script, (char *)NULL);
        _exit(127);
    }
}

int safe_calls(struct backend *be, const char *arg)
{
    // ok: c/command-injection
    system("uptime");
    // ok: c/command-injection
    system(CLEAR_CMD);
    // ok: c/command-injection
    if (system(NULL) == 0)
        return -1;
    // ok: c/command-injection
    FILE *p = popen("date +%s", "r");
    pclose(p);
    // ok: c/command-injection
    execl("/bin/sh", "sh", "-c", "make clean", (char *)NULL);
    // ok: c/command-injection
    execlp("gzip", "gzip", "-9", arg, (char *)NULL);
    // ok: c/command-injection
    return be->system(arg);
}
