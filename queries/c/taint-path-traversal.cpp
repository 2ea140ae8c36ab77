// C++ file streams open the path they are given.
#include <fstream>
#include <iostream>
#include <string>
#include <sys/socket.h>

void save_upload(int sock)
{
    char name[256];
    ssize_t got = recv(sock, name, sizeof name - 1, 0);
    if (got <= 0)
        return;
    name[got] = '\0';
    std::ofstream outputFile;
    // ruleid: c/taint-path-traversal
    outputFile.open(name);
    outputFile << "saved\n";
}

void read_fixed()
{
    std::ifstream in;
    // ok: c/taint-path-traversal
    in.open("/etc/myapp/defaults.conf");
}
