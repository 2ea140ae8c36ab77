#include <cstring>
#include <cwchar>

void heap(const char *input)
{
    char *data = new char[10];
    wchar_t *wide = new wchar_t[10];
    // ruleid: c/out-of-bounds-write
    strcpy(data, "0123456789");
    // ok: c/out-of-bounds-write
    strcpy(data, "012345678");
    // ruleid: c/out-of-bounds-write
    wcscpy(wide, L"0123456789");
    // ok: c/out-of-bounds-write
    wcscpy(wide, L"012345678");
    // ok: c/out-of-bounds-write
    wmemset(wide, L'x', 10);
    // ruleid: c/out-of-bounds-write
    memset(wide, 0, 10 * sizeof(wchar_t) + 1);
    delete[] data;
    delete[] wide;
}

void through_reference()
{
    char *data;
    char *&alias = data;
    char small[8];
    data = small;
    // ruleid: c/out-of-bounds-write
    memset(alias, 0, 9);
}

void set_length(int &n);

void counted()
{
    int n = 20;
    char part[10];
    set_length(n);
    // `n` may have changed in the call: not judged.
    // ok: c/out-of-bounds-write
    memset(part, 0, n);
}
