using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace GiftShop.Controllers;

public class AccountController : Controller
{
    private readonly UserStore users;

    public AccountController(UserStore users)
    {
        this.users = users;
    }

    [HttpPost]
    public IActionResult Login(LoginForm form)
    {
        var user = users.Authenticate(form.Email, form.Password);
        if (user == null)
        {
            return View(form);
        }
        HttpContext.Session.SetString("UserId", user.Id);
        HttpContext.Session.SetString("Role", form.RequestedRole);
        Response.Cookies.Append("giftshop.sid", user.SessionId, new CookieOptions { HttpOnly = true, SameSite = SameSiteMode.Lax });
        if (Url.IsLocalUrl(form.ReturnUrl))
        {
            return Redirect(form.ReturnUrl);
        }
        return Redirect(form.Next);
    }

    [HttpPost]
    public IActionResult Preferences(string culture)
    {
        HttpContext.Session.SetString("Culture", culture);
        Response.Cookies.Append("giftshop.culture", culture, new CookieOptions { HttpOnly = true, Secure = true });
        return LocalRedirect("/account");
    }

    public IActionResult Reset(string email)
    {
        var random = new Random();
        var resetCode = random.Next(100000, 999999).ToString();
        users.StoreResetCode(email, resetCode);
        var delay = random.Next(50, 250);
        Thread.Sleep(delay);
        return View();
    }
}
