#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; char *name; };

static char *cache;
struct node *head;

int never_freed(size_t n)
{
    char *data = (char *)malloc(n);
    if (data == NULL)
        return -1;
    memset(data, 0, n);
    // ruleid: c/memory-leak
    return 0;
}

int early_return(const char *path)
{
    char *copy = strdup(path);
    FILE *in;
    if (copy == NULL)
        // ok: c/memory-leak
        return -1;
    in = fopen(copy, "r");
    if (in == NULL) {
        // ruleid: c/memory-leak
        return -1;
    }
    if (fgetc(in) == EOF) {
        free(copy);
        // ruleid: c/memory-leak
        return -2;
    }
    fclose(in);
    free(copy);
    // ok: c/memory-leak
    return 0;
}

int cleanup_label(size_t n)
{
    char *a = (char *)malloc(n);
    char *b = NULL;
    int status = -1;
    if (a == NULL)
        goto done;
    b = (char *)malloc(n);
    if (b == NULL)
        goto done;
    status = 0;
done:
    free(a);
    free(b);
    // ok: c/memory-leak
    return status;
}

char *returned(size_t n)
{
    char *p = (char *)calloc(n, 1);
    // ok: c/memory-leak
    return p;
}

void handed_on(const char *name)
{
    struct node *n = (struct node *)malloc(sizeof *n);
    char *kept;
    char *cached;
    char *listed;
    if (n == NULL)
        return;
    kept = strdup(name);
    cached = strdup(name);
    listed = strdup(name);
    n->name = kept;
    n->next = head;
    head = n;
    cache = cached;
    list_add(listed);
}

void printed_only(const char *name)
{
    char *copy = strdup(name);
    if (copy == NULL)
        return;
    printf("%s\n", copy);
    // A reader takes nothing: the memory is still this function's to free.
    // ruleid: c/memory-leak
}

void reassigned(void)
{
    char *p = (char *)malloc(16);
    p = (char *)malloc(32);
    free(p);
    // ruleid: c/memory-leak
}

void grown(size_t n)
{
    char *p = (char *)malloc(n);
    char *bigger;
    if (p == NULL)
        return;
    bigger = (char *)realloc(p, n * 2);
    if (bigger == NULL) {
        free(p);
        return;
    }
    free(bigger);
    // ok: c/memory-leak
}

void directory(const char *path)
{
    DIR *d = opendir(path);
    if (!d)
        return;
    if (readdir(d) == NULL)
        // ruleid: c/memory-leak
        return;
    closedir(d);
}

void on_the_stack(void)
{
    char buffer[64];
    char *p = (char *)alloca(64);
    strcpy(buffer, "x");
    strcpy(p, buffer);
    // ok: c/memory-leak
}

void ends_the_program(void)
{
    char *p = (char *)malloc(8);
    if (p == NULL)
        exit(1);
    exit(0);
}

/* Helpers of the repository: whether they keep what they are given decides the leak. */
struct bag { char *items[8]; int count; };

static void show(const char *line)
{
    if (line != NULL)
        printf("%s\n", line);
}

static void show_rest(const char *line)
{
    show(strchr(line, ':') + 1);
}

static void put(struct bag *bag, char *item)
{
    bag->items[bag->count++] = item;
}

static const char *find_colon(const char *line)
{
    return strchr(line, ':');
}

static void store_in(struct bag *bag, char *item)
{
    put(bag, item);
}

void lent_to_a_reader(const char *name)
{
    char *copy = strdup(name);
    if (copy == NULL)
        return;
    show(copy);
    show_rest(copy);
    // ruleid: c/memory-leak
}

void lent_to_a_keeper(struct bag *bag, const char *name)
{
    char *copy = strdup(name);
    char *other;
    if (copy == NULL)
        return;
    show(copy);
    put(bag, copy);
    other = strdup(name);
    if (other == NULL)
        return;
    store_in(bag, other);
    // ok: c/memory-leak
}

const char *lent_to_what_returns_into_it(const char *name)
{
    char *copy = strdup(name);
    if (copy == NULL)
        return NULL;
    // ok: c/memory-leak
    return find_colon(copy);
}

int main(int argc, char **argv)
{
    char *arguments = (char *)malloc(argc + 1);
    if (arguments == NULL)
        return 1;
    show(argv[0]);
    // The program ends here: what it holds is given back.
    // ok: c/memory-leak
    return 0;
}
