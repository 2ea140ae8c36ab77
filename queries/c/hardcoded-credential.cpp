#include <cstdlib>
#include <string>

namespace auth {

// ruleid: c/hardcoded-credential
const std::string client_secret = "9f8e7d6c5b4a39281706";

class Session {
public:
    void login()
    {
        // ruleid: c/hardcoded-credential
        password_ = "Winter2024!";
        // ok: c/hardcoded-credential
        user_ = "admin";
        // ruleid: c/hardcoded-credential
        const char *smtpPassword = "mailer-2024";
        // ok: c/hardcoded-credential
        const char *passwordHint = "first pet";
        // ok: c/hardcoded-credential
        const char *keypass_file = "/etc/app/keypass";
        (void)smtpPassword; (void)passwordHint; (void)keypass_file;
    }

    void login_from_env()
    {
        // ok: c/hardcoded-credential
        password_ = std::getenv("APP_PASSWORD");
        // ok: c/hardcoded-credential
        std::string access_token = "";
        // ok: c/hardcoded-credential
        const char *secret = "${APP_SECRET}";
        (void)access_token; (void)secret;
    }

private:
    std::string user_;
    std::string password_;
};

}  // namespace auth
