using System.Xml;
using Microsoft.AspNetCore.Mvc;

public class CatalogController : Controller
{
    private readonly XmlDocument doc = new XmlDocument();

    public IActionResult Book(string title)
    {
        // ruleid: csharp/taint-xpath-injection
        var node = doc.SelectSingleNode("//book[title='" + title + "']");
        return Content(node?.InnerText ?? "");
    }

    public IActionResult Author()
    {
        var nav = doc.CreateNavigator();
        // ruleid: csharp/taint-xpath-injection
        var it = nav.Select("//book[author='" + Request.Query["a"] + "']");
        return Content(it.Count.ToString());
    }

    public IActionResult Fixed(int year)
    {
        // ok: csharp/taint-xpath-injection
        var nodes = doc.SelectNodes("//book[@year=" + year + "]");
        // ok: csharp/taint-xpath-injection
        var all = doc.SelectNodes("//book");
        return Content((nodes.Count + all.Count).ToString());
    }
}
