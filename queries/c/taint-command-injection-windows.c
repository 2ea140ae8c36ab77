/*
 * A Windows build agent's job runner: request data and the environment reach the command
 * lines the MSVC runtime hands to cmd.exe.
 */
#include <process.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <winsock2.h>

extern char *g_shell_quote(const char *s);

/* RUN <job>: runs a job's script. */
void handle_run(SOCKET client)
{
    char job[128];
    char cmd[512];
    char *quoted;
    FILE *out;
    int n = recv(client, job, sizeof job - 1, 0);

    if (n <= 0)
        return;
    job[n] = '\0';
    snprintf(cmd, sizeof cmd, "C:\\jobs\\run.bat %s", job);
    // ruleid: c/taint-command-injection-windows
    // ruleid: c/command-injection
    out = _popen(cmd, "r");
    _pclose(out);

    /* POSIX quoting: cmd.exe does not read '...' as a quote, so `x' & del /q C:\\* & '` runs. */
    quoted = g_shell_quote(job);
    snprintf(cmd, sizeof cmd, "C:\\jobs\\run.bat %s", quoted);
    // ruleid: c/taint-command-injection-windows
    // ruleid: c/command-injection
    out = _popen(cmd, "r");
    _pclose(out);
    // ruleid: c/taint-command-injection-windows
    _spawnl(_P_WAIT, "C:\\Windows\\System32\\cmd.exe", "cmd.exe", "/c", quoted, NULL);
    // ruleid: c/taint-command-injection-windows
    // ruleid: c/command-injection
    execl("C:\\Windows\\System32\\cmd.exe", "cmd.exe", "/c", quoted, (char *)NULL);

    /* A job named by a number the agent knows. */
    snprintf(cmd, sizeof cmd, "C:\\jobs\\run.bat %d", atoi(job));
    // ok: c/taint-command-injection-windows
    // ok: c/command-injection
    out = _popen(cmd, "r");
    _pclose(out);
}

/* The environment names the workspace to clean. */
int clean_workspace(void)
{
    wchar_t cmd[512];
    const char *workspace = getenv("WORKSPACE");

    if (workspace == NULL)
        return 1;
    swprintf(cmd, 512, L"rmdir /s /q %hs", workspace);
    // ruleid: c/taint-command-injection-windows
    // ruleid: c/command-injection
    return _wsystem(cmd);
}

int clean_fixed(void)
{
    // ok: c/taint-command-injection-windows
    // ok: c/command-injection
    return _wsystem(L"rmdir /s /q C:\\agent\\tmp");
}

/* The program itself chosen by the request. */
void handle_tool(SOCKET client)
{
    char tool[128];
    char *args[] = {tool, NULL};
    int n = recv(client, tool, sizeof tool - 1, 0);

    if (n <= 0)
        return;
    tool[n] = '\0';
    // ruleid: c/taint-command-injection-windows
    _spawnv(_P_WAIT, tool, args);
    // ok: c/taint-command-injection-windows
    _spawnv(_P_WAIT, "C:\\Tools\\report.exe", args);
}
