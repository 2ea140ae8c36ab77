#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct spool {
    char *(*mktemp)(struct spool *s);
};

FILE *open_spool_file(void)
{
    char name[L_tmpnam];
    // ruleid: c/insecure-tempfile
    if (tmpnam(name) == NULL)
        return NULL;
    return fopen(name, "w");
}

int open_upload(char *path_out)
{
    strcpy(path_out, "/tmp/upload-XXXXXX");
    // ruleid: c/insecure-tempfile
    mktemp(path_out);
    return open(path_out, O_CREAT | O_WRONLY, 0600);
}

char *cache_name(void)
{
    // ruleid: c/insecure-tempfile
    return tempnam("/var/tmp", "cache");
}

int open_upload_safe(char *path_out, struct spool *sp)
{
    strcpy(path_out, "/tmp/upload-XXXXXX");
    // ok: c/insecure-tempfile
    int fd = mkstemp(path_out);
    // ok: c/insecure-tempfile
    FILE *anon = tmpfile();
    // ok: c/insecure-tempfile
    char *dir = mkdtemp(path_out);
    // ok: c/insecure-tempfile
    sp->mktemp(sp);
    if (anon != NULL)
        fclose(anon);
    (void)dir;
    return fd;
}
