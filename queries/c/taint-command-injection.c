/*
 * A log daemon's maintenance commands and its setgid operator tool: request data,
 * argv and the environment reach system, popen and the exec family.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>

#define SPOOL_DIR "/var/spool/logd"

struct config {
    char spool_dir[256];
    char post_rotate[256];
};

static struct config cfg;

/* Programs a client may ask for, by name. */
static const char *const TOOLS[][2] = {
    {"df", "/bin/df -h"},
    {"uptime", "/usr/bin/uptime"},
};

extern char *trim(char *s);
extern void str_lower(char *s);
extern char *g_shell_quote(const char *s);

/* ARCHIVE <stream>: packs a stream's spool file. */
void handle_archive(int fd)
{
    char req[256];
    char cmd[1024];
    char *stream;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 8)
        return;
    req[n] = '\0';
    stream = trim(req + 8);
    str_lower(stream);
    snprintf(cmd, sizeof cmd, "/bin/tar -czf /var/archive/%s.tar.gz %s.log", stream, stream);
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    system(cmd);
}

/* GREP\n<pattern>\n: searches the spool for a pattern. */
void handle_grep(int fd)
{
    char verb[16];
    char pattern[256];
    char cmd[1024] = "/bin/grep -h -e '";
    char quoted_cmd[1024];
    char *quoted;
    FILE *in;
    FILE *results;

    in = fdopen(dup(fd), "r");
    if (in == NULL)
        return;
    if (fgets(verb, sizeof verb, in) == NULL || fgets(pattern, sizeof pattern, in) == NULL) {
        fclose(in);
        return;
    }
    strncat(cmd, pattern, sizeof cmd - strlen(cmd) - 1);
    strncat(cmd, "' " SPOOL_DIR "/*.log", sizeof cmd - strlen(cmd) - 1);
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    results = popen(cmd, "r");
    pclose(results);

    quoted = g_shell_quote(pattern);
    snprintf(quoted_cmd, sizeof quoted_cmd, "/bin/grep -h -e %s " SPOOL_DIR "/*.log", quoted);
    // ok: c/taint-command-injection
    // ok: c/command-injection
    results = popen(quoted_cmd, "r");
    pclose(results);
    g_free(quoted);
    fclose(in);
}

/* ROTATE <keep>: rotates the spool, keeping <keep> generations. */
void handle_rotate(int fd)
{
    char req[256];
    char cmd[512];
    char hook[512];
    char *argv_hook[4];
    int keep;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 7)
        return;
    req[n] = '\0';
    keep = atoi(req + 7);
    if (keep < 1 || keep > 99)
        keep = 7;
    snprintf(cmd, sizeof cmd, "/usr/bin/savelog -q -c %d %s/*.log", keep, cfg.spool_dir);
    // ok: c/taint-command-injection
    // ok: c/command-injection
    system(cmd);

    snprintf(hook, sizeof hook, "%s %s", cfg.post_rotate, req + 7);
    if (0) {
        /* Per-request hooks: switched off until their arguments are validated. */
        // ok: c/taint-command-injection
        // ok: c/command-injection
        system(hook);
    }

    argv_hook[0] = "sh";
    argv_hook[1] = "-c";
    argv_hook[2] = hook;
    argv_hook[3] = NULL;
    if (fork() == 0) {
        // ruleid: c/taint-command-injection
        execv("/bin/sh", argv_hook);
        _exit(127);
    }
}

/* TOOL <name>: runs one of the known tools. */
void handle_tool(int fd)
{
    char req[64];
    const char *cmd = NULL;
    const char *argv_tool[3];
    size_t i;
    ssize_t n;

    n = recv(fd, req, sizeof req - 1, 0);
    if (n <= 5)
        return;
    req[n] = '\0';
    for (i = 0; i < sizeof TOOLS / sizeof TOOLS[0]; i++) {
        if (strcmp(req + 5, TOOLS[i][0]) == 0)
            cmd = TOOLS[i][1];
    }
    if (cmd == NULL)
        return;
    // ok: c/taint-command-injection
    // ok: c/command-injection
    system(cmd);

    /* The program is fixed and the name is one argument: no shell sees it. */
    argv_tool[0] = "/usr/bin/logger";
    argv_tool[1] = req + 5;
    argv_tool[2] = NULL;
    if (fork() == 0) {
        // ok: c/taint-command-injection
        execv("/usr/bin/logger", (char *const *)argv_tool);
        _exit(127);
    }
}

/* Runs the user's filter (e.g. "grep -v DEBUG") over a spool file. */
int run_filter(const char *path)
{
    char cmdline[1024];
    const char *filter = getenv("LOGCAT_FILTER");
    const char *pager = getenv("PAGER");

    if (filter == NULL || filter[0] == '\0')
        filter = "/bin/cat";
    snprintf(cmdline, sizeof cmdline, "%s < \"$0\"", filter);
    if (fork() == 0) {
        // ruleid: c/taint-command-injection
        // ruleid: c/command-injection
        execl("/bin/sh", "sh", "-c", cmdline, path, (char *)NULL);
        _exit(127);
    }
    if (pager != NULL && fork() == 0) {
        // ruleid: c/taint-command-injection
        execlp(pager, pager, path, (char *)NULL);
        _exit(127);
    }
    if (fork() == 0) {
        // ok: c/taint-command-injection
        execl("/bin/sh", "sh", "-c", "exec /bin/cat \"$0\"", path, (char *)NULL);
        _exit(127);
    }
    return 0;
}

int main(int argc, char **argv)
{
    char cmd[4096] = "/bin/cp --";
    char tail[128];
    char line[256];
    const char *names[2];
    long lines;
    int i;

    if (argc >= 3 && strcmp(argv[1], "export") == 0) {
        for (i = 2; i < argc; i++) {
            strncat(cmd, " " SPOOL_DIR "/", sizeof cmd - strlen(cmd) - 1);
            strncat(cmd, argv[i], sizeof cmd - strlen(cmd) - 1);
        }
        strncat(cmd, " .", sizeof cmd - strlen(cmd) - 1);
        // ruleid: c/taint-command-injection
        // ruleid: c/command-injection
        return system(cmd);
    }
    if (argc == 3 && strcmp(argv[1], "-n") == 0) {
        lines = strtol(argv[2], NULL, 10);
        if (lines <= 0 || lines > 100000)
            return 2;
        snprintf(tail, sizeof tail, "/usr/bin/tail -n %ld " SPOOL_DIR "/all.log", lines);
        // ok: c/taint-command-injection
        // ok: c/command-injection
        return system(tail);
    }
    names[0] = argv[1];
    names[1] = "/usr/bin/uptime";
    // ok: c/taint-command-injection
    // ok: c/command-injection
    system(names[1]);
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    system(names[0]);
    if (fgets(line, sizeof line, stdin) != NULL) {
        line[strcspn(line, "\n")] = '\0';
        // ruleid: c/taint-command-injection
        // ruleid: c/command-injection
        system(line);
    }
    // ok: c/taint-command-injection
    system("/usr/bin/uptime");
    // ok: c/taint-command-injection
    // ok: c/command-injection
    system(cfg.post_rotate);
    return 0;
}

/* A subcommand gets the rest of the command line. */
int cmd_archive(int argc, char **argv)
{
    char cmd[512];
    if (argc < 2)
        return 1;
    snprintf(cmd, sizeof cmd, "tar czf /backups/%s.tgz /srv/data", argv[1]);
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    return system(cmd);
}

/* Portable code picks the function with a macro; a line read into the rest of a buffer that
   already holds the program. */
#ifdef _WIN32
#define RUN_SHELL _wsystem
#else
#define RUN_SHELL system
#endif

int run_listing(void)
{
    char line[100] = "ls ";
    char *data = line;
    size_t used = strlen(data);
    if (fgets(data + used, (int)(sizeof line - used), stdin) == NULL)
        return 1;
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    return RUN_SHELL(data);
}

int run_fixed(void)
{
    char line[100] = "ls /var/log";
    // ok: c/taint-command-injection
    return RUN_SHELL(line);
}

/*
 * The hook runner's portable half: the shell, its flag and the script are macros chosen per
 * platform, and Windows runs the hook through the spawn family.
 */
#ifdef _WIN32
#include <process.h>
#define HOOK_SHELL "cmd.exe"
#define HOOK_FLAG "/c"
#define HOOK_SCRIPT hook
#define SHELL_EXECL _execl
#else
#define HOOK_SHELL "/bin/sh"
#define HOOK_FLAG "-c"
#define HOOK_SCRIPT hook
#define SHELL_EXECL execl
#endif

int run_client_hook(int client)
{
    char hook[256];
    ssize_t got = recv(client, hook, sizeof hook - 1, 0);

    if (got <= 0)
        return -1;
    hook[got] = '\0';
    if (fork() == 0) {
        // ruleid: c/taint-command-injection
        // ruleid: c/command-injection
        SHELL_EXECL(HOOK_SHELL, HOOK_SHELL, HOOK_FLAG, HOOK_SCRIPT, (char *)NULL);
        _exit(127);
    }
    {
        char *args[] = {HOOK_SHELL, HOOK_FLAG, HOOK_SCRIPT, NULL};
        // ruleid: c/taint-command-injection-windows
        _spawnv(_P_WAIT, HOOK_SHELL, args);
        // ruleid: c/taint-command-injection-windows
        _spawnl(_P_WAIT, "C:\\Windows\\System32\\cmd.exe", "cmd.exe", "/c", hook, NULL);
    }
    {
        char *fixed[] = {HOOK_SHELL, HOOK_FLAG, "rotate-logs", NULL};
        // ok: c/taint-command-injection-windows
        _spawnv(_P_WAIT, HOOK_SHELL, fixed);
        // ok: c/taint-command-injection-windows
        _spawnl(_P_WAIT, "C:\\Windows\\System32\\cmd.exe", "cmd.exe", "/c", "rotate-logs", NULL);
    }
    return 0;
}

/* A launcher chosen once at the top: its use in another function spells neither `system`
 * nor `popen`, so the prefilter must weigh the file whole to see it. */
#define LAUNCH system

static int relaunch(const char *job)
{
    // ruleid: c/taint-command-injection
    // ruleid: c/command-injection
    return LAUNCH(job);
}

int run_job(int argc, char **argv)
{
    return argc > 2 ? relaunch(argv[2]) : 0;
}
