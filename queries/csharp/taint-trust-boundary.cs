using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class LoginController : Controller
{
    private readonly UserStore users;

    public IActionResult Impersonate(string user)
    {
        // ruleid: csharp/taint-trust-boundary
        HttpContext.Session.SetString("UserName", user);
        return Ok();
    }

    public IActionResult Elevate()
    {
        var role = Request.Headers["X-Role"].ToString();
        // ruleid: csharp/taint-trust-boundary
        Session["role"] = role;
        return Ok();
    }

    public IActionResult AnyKey(string key)
    {
        // ruleid: csharp/taint-trust-boundary
        HttpContext.Session.SetString(key, "on");
        return Ok();
    }

    public IActionResult Login(string name, string password)
    {
        var user = users.Authenticate(name, password);
        // ok: csharp/taint-trust-boundary
        HttpContext.Session.SetString("UserId", user.Id);
        return Ok();
    }

    public IActionResult Culture(string culture)
    {
        // ok: csharp/taint-trust-boundary
        HttpContext.Session.SetString("Culture", culture);
        return Ok();
    }
}

public class RoleController : Controller
{
    public IActionResult Pick()
    {
        // ruleid: csharp/taint-trust-boundary
        HttpContext.Session.SetString("Role", Request.Form["role"].FirstOrDefault());
        // ok: csharp/taint-trust-boundary
        HttpContext.Session.SetString("UserLanguage", Request.Form["lang"].FirstOrDefault());
        return Ok();
    }
}
