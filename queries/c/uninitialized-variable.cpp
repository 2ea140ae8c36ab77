#include <string>

void parse(const std::string &text, int &out);
void describe(const int &value);
static void reset(int &count) { count = 0; }

namespace io {
bool read_number(std::istream &in, long &value);
}

int by_reference(const std::string &text)
{
    int parsed;
    // The callee takes `parsed` by reference: it gives it a value.
    parse(text, parsed);
    // ok: c/uninitialized-variable
    return parsed + 1;
}

int qualified(std::istream &in)
{
    long n;
    if (!io::read_number(in, n)) {
        return -1;
    }
    // ok: c/uninitialized-variable
    return (int)n;
}

int counted()
{
    int count;
    reset(count);
    // ok: c/uninitialized-variable
    return count;
}

int const_reference()
{
    int value;
    // A `const &` only reads what it is given.
    // ruleid: c/uninitialized-variable
    describe(value);
    return 0;
}

int by_value(int seed)
{
    int total;
    // ruleid: c/uninitialized-variable
    return total + seed;
}

static void leave_alone(int &data)
{
    /* data is not given a value here */
    ;
}

int untouched()
{
    int data;
    leave_alone(data);
    // ruleid: c/uninitialized-variable
    return data;
}
