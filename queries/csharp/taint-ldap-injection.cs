using System.DirectoryServices;
using Microsoft.AspNetCore.Mvc;

public class DirectoryController : Controller
{
    public IActionResult Find(string user)
    {
        var root = new DirectoryEntry("LDAP://dc=example,dc=com");
        // ruleid: csharp/taint-ldap-injection
        var searcher = new DirectorySearcher(root, "(&(objectClass=user)(sAMAccountName=" + user + "))");
        return View(searcher.FindOne());
    }

    public IActionResult Group()
    {
        var searcher = new DirectorySearcher();
        // ruleid: csharp/taint-ldap-injection
        searcher.Filter = "(cn=" + Request.Query["group"] + ")";
        return View(searcher.FindAll());
    }

    public IActionResult Escaped(string user)
    {
        var searcher = new DirectorySearcher();
        // ok: csharp/taint-ldap-injection
        searcher.Filter = "(sAMAccountName=" + LdapFilterEncode(user) + ")";
        // ok: csharp/taint-ldap-injection
        var all = new DirectorySearcher("(objectClass=group)");
        return View(searcher.FindAll());
    }
}
