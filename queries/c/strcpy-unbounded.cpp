#include <cstring>
#include <string>

class Header {
public:
    void set_name(const char *name)
    {
        // ruleid: c/strcpy-unbounded
        strcpy(name_, name);
    }

    void set_value(const std::string &value)
    {
        // ruleid: c/strcpy-unbounded
        strcat(value_, value.c_str());
    }

    void reset()
    {
        // ok: c/strcpy-unbounded
        strcpy(name_, "X-Default");
        // ok: c/strcpy-unbounded
        value_str_.assign(value_);
        // ok: c/strcpy-unbounded
        std::strncpy(name_, value_, sizeof(name_) - 1);
    }

private:
    char name_[64];
    char value_[256];
    std::string value_str_;
};
