using Microsoft.AspNetCore.Http;

public class Cookies
{
    public void Issue(HttpResponse response, string sid)
    {
        // ruleid: csharp/cookie-without-secure
        response.Cookies.Append("sid", sid, new CookieOptions { HttpOnly = true, SameSite = SameSiteMode.Strict });
        // ruleid: csharp/cookie-without-httponly
        response.Cookies.Append("theme", "dark", new CookieOptions { Secure = true });
    }

    public void Flags(HttpCookie cookie, CookieAuthenticationOptions options)
    {
        // ruleid: csharp/cookie-without-secure
        cookie.Secure = false;
        // ruleid: csharp/cookie-without-httponly
        cookie.HttpOnly = false;
        // ruleid: csharp/cookie-without-secure
        options.Cookie.SecurePolicy = CookieSecurePolicy.None;
    }

    public void Good(HttpResponse response, string sid, HttpCookie cookie)
    {
        // ok: csharp/cookie-without-secure
        // ok: csharp/cookie-without-httponly
        response.Cookies.Append("sid", sid, new CookieOptions { HttpOnly = true, Secure = true });
        // ok: csharp/cookie-without-secure
        cookie.Secure = true;
        // ok: csharp/cookie-without-httponly
        cookie.HttpOnly = true;
    }
}
