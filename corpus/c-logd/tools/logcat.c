/*
 * logcat: print a logd spool stream.  Installed setgid "logd" so that
 * operators outside the logd group can read the spool.
 *
 *   logcat FILE         print a spool file, e.g. auth.log (through $LOGCAT_FILTER when set)
 *   logcat -n LINES     the last LINES lines of the merged log
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#define SPOOL_DIR "/var/spool/logd"

static int usage(void)
{
    fputs("usage: logcat FILE | logcat -n LINES\n", stderr);
    return 2;
}

/* Runs the user's filter command (for example "grep -v DEBUG") over a spool file. */
static int run_filter(const char *path)
{
    char cmdline[1024];
    const char *filter = getenv("LOGCAT_FILTER");
    int status;
    pid_t pid;

    if (filter == NULL || filter[0] == '\0')
        filter = "/bin/cat";
    snprintf(cmdline, sizeof cmdline, "%s < \"$0\"", filter);
    pid = fork();
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmdline, path, (char *)NULL);
        _exit(127);
    }
    if (pid < 0 || waitpid(pid, &status, 0) < 0)
        return 1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

int main(int argc, char **argv)
{
    char path[512];
    char cmd[128];
    char buf[4096];
    long lines;
    size_t got;
    FILE *in;

    if (argc == 3 && strcmp(argv[1], "-n") == 0) {
        lines = strtol(argv[2], NULL, 10);
        if (lines <= 0 || lines > 100000)
            return usage();
        snprintf(cmd, sizeof cmd, "/usr/bin/tail -n %ld " SPOOL_DIR "/all.log", lines);
        in = popen(cmd, "r");
        if (in == NULL)
            return 1;
        while ((got = fread(buf, 1, sizeof buf, in)) > 0)
            fwrite(buf, 1, got, stdout);
        return pclose(in) == 0 ? 0 : 1;
    }
    if (argc != 2 || argv[1][0] == '-')
        return usage();

    snprintf(path, sizeof path, "%s/%s", SPOOL_DIR, argv[1]);
    in = fopen(path, "r");
    if (in == NULL) {
        fprintf(stderr, "logcat: %s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    if (getenv("LOGCAT_FILTER") != NULL) {
        fclose(in);
        return run_filter(path);
    }
    while ((got = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, got, stdout);
    fclose(in);
    return 0;
}
