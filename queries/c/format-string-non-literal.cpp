#include <cstdio>
#include <string>
#include <vector>

class Logger {
public:
    void printf(const std::string &msg) { lines_.push_back(msg); }

private:
    std::vector<std::string> lines_;
};

void report_error(const std::string &detail, FILE *out)
{
    // ruleid: c/format-string-non-literal
    printf(detail.c_str());
    // ruleid: c/format-string-non-literal
    fprintf(out, detail.data());
}

void report_error_safe(Logger &log, const std::string &detail, FILE *out)
{
    // ok: c/format-string-non-literal
    printf("%s\n", detail.c_str());
    // ok: c/format-string-non-literal
    log.printf(detail);
    // ok: c/format-string-non-literal
    fprintf(out, "error: %s\n", detail.c_str());
}
