#include <stdlib.h>
#include <string.h>

void printLine(const char *);

void scan_then_free(void) {
    char *data = malloc(100);
    if (data == NULL)
        return;
    strcpy(data, "key=value");
    for (; *data != '\0'; data++) {
        if (*data == '=')
            break;
    }
    // ruleid: c/free-not-at-start
    free(data);
}

void skip_then_free(size_t n) {
    char *line = malloc(n + 1);
    if (line == NULL)
        return;
    line[0] = '\0';
    line += 1;
    // ruleid: c/free-not-at-start
    free(line);
}

void search_then_free(char *text) {
    char *value = strchr(text, '=');
    if (value == NULL)
        return;
    // ruleid: c/free-not-at-start
    free(value);
}

void cursor_then_free(void) {
    char *data = malloc(100);
    char *cursor;
    if (data == NULL)
        return;
    strcpy(data, "key=value");
    for (cursor = data; *cursor != '\0'; cursor++) {
        if (*cursor == '=')
            break;
    }
    // ok: c/free-not-at-start
    free(data);
}

void index_then_free(void) {
    char *data = malloc(100);
    size_t i;
    if (data == NULL)
        return;
    strcpy(data, "key=value");
    for (i = 0; i < strlen(data); i++) {
        if (data[i] == '=')
            printLine("match");
    }
    // ok: c/free-not-at-start
    free(data);
}

void restart_then_free(char *start) {
    char *p = start;
    p++;
    p = start;
    // ok: c/free-not-at-start
    free(p);
}
