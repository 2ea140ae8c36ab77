public class Tokens
{
    // ruleid: csharp/hardcoded-provider-token
    private const string GitHub = "ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
    // ruleid: csharp/hardcoded-provider-token
    private const string Header = "Authorization: token ghp_aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5";
    // ruleid: csharp/hardcoded-provider-token
    private const string Aws = "AKIAZ7Q2M4N6P8R0T2V4";
    // ok: csharp/hardcoded-provider-token
    private const string Docs = "AKIAIOSFODNN7EXAMPLE";
    // ok: csharp/hardcoded-provider-token
    private const string Prefix = "ghp_";
}
