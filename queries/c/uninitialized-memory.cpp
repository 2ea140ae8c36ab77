#include <cstdio>
#include <string>

struct Pair { int a; int b; };

void arrays()
{
    int *plain = new int[4];
    int *zeroed = new int[4]();
    std::string *names = new std::string[4];
    Pair pairs[4];
    // ruleid: c/uninitialized-memory
    std::printf("%d\n", plain[1]);
    // ok: c/uninitialized-memory
    std::printf("%d\n", zeroed[1]);
    // A class type may be built by its constructor.
    // ok: c/uninitialized-memory
    std::printf("%s\n", names[1].c_str());
    // ok: c/uninitialized-memory
    std::printf("%d\n", pairs[1].a);
    delete[] plain;
    delete[] zeroed;
    delete[] names;
}
