using System.IO;
using Microsoft.AspNetCore.Mvc;

public class FilesController : Controller
{
    private const string Root = "/srv/files";

    public IActionResult Download(string name)
    {
        var path = Path.Combine(Root, name);
        // ruleid: csharp/taint-path-traversal
        var bytes = System.IO.File.ReadAllBytes(path);
        return File(bytes, "application/octet-stream");
    }

    public IActionResult Show()
    {
        var page = Request.Query["page"].ToString();
        // ruleid: csharp/taint-path-traversal
        using var reader = new StreamReader(Root + "/" + page);
        return Content(reader.ReadToEnd());
    }

    public IActionResult Physical([FromRoute] string asset)
    {
        // ruleid: csharp/taint-path-traversal
        return PhysicalFile(Path.Combine(Root, "assets", asset), "image/png");
    }

    public IActionResult Save(IFormFile upload)
    {
        // ruleid: csharp/taint-path-traversal, csharp/taint-unrestricted-upload
        using var stream = new FileStream(Path.Combine(Root, upload.FileName), FileMode.Create);
        upload.CopyTo(stream);
        return Ok();
    }

    public IActionResult Safe(string name)
    {
        var file = Path.GetFileName(name);
        // ok: csharp/taint-path-traversal
        var text = System.IO.File.ReadAllText(Path.Combine(Root, file));
        // ok: csharp/taint-path-traversal
        var other = System.IO.File.ReadAllText(Path.Combine(Root, "index.html"));
        return Content(text + other);
    }

    public IActionResult ById(int id)
    {
        // ok: csharp/taint-path-traversal
        return PhysicalFile(Path.Combine(Root, id + ".pdf"), "application/pdf");
    }

    public IActionResult Copy(Stream input)
    {
        // ok: csharp/taint-path-traversal
        using var reader = new StreamReader(input);
        return Content(reader.ReadToEnd());
    }
}

public class WebhookController : Controller
{
    public async Task<IActionResult> Receive()
    {
        // ok: csharp/taint-path-traversal
        using var reader = new StreamReader(HttpContext.Request.Body);
        return Ok(await reader.ReadToEndAsync());
    }
}

public class ImportController : Controller
{
    public IActionResult Import(IFormFile file)
    {
        // ok: csharp/taint-path-traversal
        using var reader = new StreamReader(file.OpenReadStream());
        return Ok(reader.ReadToEnd());
    }
}
