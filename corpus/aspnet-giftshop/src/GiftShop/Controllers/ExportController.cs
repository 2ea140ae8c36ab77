using System.Diagnostics;
using System.IO;
using Microsoft.AspNetCore.Mvc;

namespace GiftShop.Controllers;

public class ExportController : Controller
{
    private const string ExportRoot = "/var/giftshop/exports";

    public IActionResult Pdf(string statement)
    {
        var psi = new ProcessStartInfo("wkhtmltopdf");
        psi.Arguments = "--quiet " + statement + ".html " + statement + ".pdf";
        Process.Start(psi)?.WaitForExit();
        return PhysicalFile(Path.Combine(ExportRoot, Path.GetFileName(statement) + ".pdf"), "application/pdf");
    }

    public IActionResult Archive(Guid batch)
    {
        var psi = new ProcessStartInfo("tar");
        psi.ArgumentList.Add("-czf");
        psi.ArgumentList.Add(Path.Combine(ExportRoot, batch + ".tgz"));
        Process.Start(psi)?.WaitForExit();
        return Ok();
    }

    public IActionResult Download(string name)
    {
        var bytes = System.IO.File.ReadAllBytes(Path.Combine(ExportRoot, name));
        return File(bytes, "application/octet-stream");
    }

    public IActionResult Receipt(int order)
    {
        return PhysicalFile(Path.Combine(ExportRoot, "receipts", order + ".pdf"), "application/pdf");
    }
}
