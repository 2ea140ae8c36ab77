using System.Net;

public class Settings
{
    // ruleid: csharp/hardcoded-credential
    private const string ApiKey = "f3a9c2d41b7e4e0c9d8a";
    // ok: csharp/hardcoded-credential
    private const string ApiKeyHeader = "X-Api-Key";
    // ok: csharp/hardcoded-credential
    private const string PasswordConfigKey = "Smtp:Password";

    public NetworkCredential Mail()
    {
        // ruleid: csharp/hardcoded-credential
        return new NetworkCredential("mailer", "Wint3r!sC0ming");
    }

    public void Configure(SmtpOptions options)
    {
        // ruleid: csharp/hardcoded-credential
        options.Password = "s3cr3t-Passw0rd";
        // ok: csharp/hardcoded-credential
        options.Password = Environment.GetEnvironmentVariable("SMTP_PASSWORD");
        // ok: csharp/hardcoded-credential
        options.Password = "changeme";
    }

    // ruleid: csharp/hardcoded-credential
    private readonly string conn = "Server=db;Database=shop;User Id=sa;Password=Pr0dP@ssw0rd;";
    // ok: csharp/hardcoded-credential
    private readonly string local = "Server=db;Database=shop;Integrated Security=true;";
    // ok: csharp/hardcoded-credential
    private readonly string templated = "Server=db;User Id=sa;Password={0};";
}

public class Constants
{
    // ok: csharp/hardcoded-credential
    public const string RequestPasswordDoesNotMatch = "password_does_not_match_x";
    // ok: csharp/hardcoded-credential
    public const string EncryptedPrivateKey = "2.QmFzZTY0RW5jb2RlZA==|abc";
    // ok: csharp/hardcoded-credential
    public string ContinuationToken = "eyJwYWdlIjoyfQ";
    // ruleid: csharp/hardcoded-credential
    public const string ClientSecret = "9d2f7a1c4b8e6f3a";
}

public static class FeatureFlags
{
    // ok: csharp/hardcoded-credential
    public const string ManageResetPassword = "manage_reset_password";
}
