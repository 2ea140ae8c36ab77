#include <cstring>

struct Item { int id; };

int counted(int n)
{
    int *values = new int[n];
    if (n > 10) {
        delete[] values;
        // ok: c/memory-leak
        return -1;
    }
    values[0] = n;
    // ruleid: c/memory-leak
    return values[0];
}

Item *made()
{
    Item *item = new Item;
    item->id = 1;
    // ok: c/memory-leak
    return item;
}
