using Microsoft.AspNetCore.Mvc;

public class AccountController : Controller
{
    public IActionResult AfterLogin(string returnUrl)
    {
        // ruleid: csharp/taint-open-redirect
        return Redirect(returnUrl);
    }

    public void Legacy()
    {
        // ruleid: csharp/taint-open-redirect
        Response.Redirect(Request.Query["next"]);
    }

    public IActionResult Checked(string returnUrl)
    {
        if (Url.IsLocalUrl(returnUrl))
        {
            // ok: csharp/taint-open-redirect
            return Redirect(returnUrl);
        }
        // ok: csharp/taint-open-redirect
        return Redirect("/");
    }

    public IActionResult Local(string returnUrl)
    {
        // ok: csharp/taint-open-redirect
        return LocalRedirect(returnUrl);
    }
}

public class LoginController : Controller
{
    public IActionResult Login(LoginInputModel model)
    {
        if (Url.IsLocalUrl(model.ReturnUrl))
        {
            // ok: csharp/taint-open-redirect
            return Redirect(model.ReturnUrl);
        }
        // ruleid: csharp/taint-open-redirect
        return Redirect(model.FallbackUrl);
    }
}
