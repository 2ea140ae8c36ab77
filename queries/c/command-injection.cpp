#include <cstdio>
#include <cstdlib>
#include <string>

class Sandbox {
public:
    int system(const std::string &cmd) { return run_in_jail(cmd); }

private:
    int run_in_jail(const std::string &cmd);
};

int convert_image(const std::string &input, const std::string &output)
{
    std::string cmd = "convert " + input + " " + output;
    // ruleid: c/command-injection
    return system(cmd.c_str());
}

std::FILE *tail_log(const std::string &path)
{
    // ruleid: c/command-injection
    return popen(("tail -n 100 " + path).c_str(), "r");
}

int convert_safe(Sandbox &box, const std::string &input)
{
    // ok: c/command-injection
    box.system("convert " + input);
    // ok: c/command-injection
    system("convert --version");
    // ok: c/command-injection
    std::FILE *p = popen("uname -a", "r");
    pclose(p);
    // ok: c/command-injection
    return system(nullptr);
}
