using System.Net;
using System.Text.Encodings.Web;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;

public class GreetController : Controller
{
    public IActionResult Hello(string name)
    {
        // ruleid: csharp/taint-xss
        return Content("<h1>Hello " + name + "</h1>", "text/html");
    }

    public void Legacy()
    {
        var q = Request.QueryString["q"];
        // ruleid: csharp/taint-xss
        Response.Write("<p>You searched for " + q + "</p>");
    }

    public IHtmlContent Banner([FromQuery] string message)
    {
        // ruleid: csharp/taint-xss
        return new HtmlString($"<div class=banner>{message}</div>");
    }

    public IActionResult Encoded(string name)
    {
        var safe = HtmlEncoder.Default.Encode(name);
        // ok: csharp/taint-xss
        return Content("<h1>Hello " + safe + "</h1>", "text/html");
    }

    public IActionResult Plain(string name)
    {
        // ok: csharp/taint-xss
        return Content("Hello " + name, "text/plain");
    }

    public void Count(int n)
    {
        // ok: csharp/taint-xss
        Response.Write("<p>" + n + " results</p>");
        // ok: csharp/taint-xss
        Response.Write("<p>" + WebUtility.HtmlEncode(Request.Query["q"]) + "</p>");
    }
}

public class ExportController : Controller
{
    public void Save(string name)
    {
        using var writer = new StreamWriter("/tmp/export.txt");
        // ok: csharp/taint-xss
        writer.Write(name);
    }
}
