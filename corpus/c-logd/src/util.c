/*
 * Small string and socket helpers shared by the handlers.
 */
#include <ctype.h>
#include <string.h>
#include <unistd.h>

#include "logd.h"

/* Strips leading and trailing white space; returns a pointer into s. */
char *trim(char *s)
{
    char *end;

    while (isspace((unsigned char)*s))
        s++;
    end = s + strlen(s);
    while (end > s && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    return s;
}

void str_lower(char *s)
{
    for (; *s != '\0'; s++)
        *s = (char)tolower((unsigned char)*s);
}

/* Cuts the string at the first CR or LF. */
void strip_eol(char *s)
{
    s[strcspn(s, "\r\n")] = '\0';
}

int send_line(int fd, const char *text)
{
    size_t len = strlen(text);

    if (write(fd, text, len) != (ssize_t)len)
        return -1;
    return write(fd, "\n", 1) == 1 ? 0 : -1;
}
