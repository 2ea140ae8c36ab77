public class Login
{
    public bool Check(string user, string password)
    {
        // ruleid: csharp/hardcoded-password-comparison
        if (password == "Tr0ub4dor&3")
        {
            return true;
        }
        // ruleid: csharp/hardcoded-password-comparison
        return string.Equals(password, "letMe1n!", StringComparison.Ordinal);
    }

    public bool Key(string apiKey, string hash)
    {
        // ruleid: csharp/hardcoded-password-comparison
        var ok = apiKey.Equals("k-9f8e7d6c5b4a");
        // ruleid: csharp/hardcoded-password-comparison
        return ok && hash == "5f4dcc3b5aa765d61d8327deb882cf99";
    }

    public bool Fine(string password, string confirm, string name)
    {
        // ok: csharp/hardcoded-password-comparison
        if (password == "") return false;
        // ok: csharp/hardcoded-password-comparison
        if (password == null) return false;
        // ok: csharp/hardcoded-password-comparison
        if (name == "administrator") return false;
        // ok: csharp/hardcoded-password-comparison
        return password == confirm;
    }
}
