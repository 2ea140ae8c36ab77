using System;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class UploadController : Controller
{
    private const string Uploads = "wwwroot/uploads";
    private static readonly HashSet<string> Allowed = new() { ".png", ".jpg" };

    [HttpPost]
    public async Task<IActionResult> Avatar(IFormFile file)
    {
        var name = Path.GetFileName(file.FileName);
        // ruleid: csharp/taint-unrestricted-upload
        using var stream = new FileStream(Path.Combine(Uploads, name), FileMode.Create);
        await file.CopyToAsync(stream);
        return Ok();
    }

    [HttpPost]
    public async Task<IActionResult> Document()
    {
        var upload = Request.Form.Files[0];
        using var memory = new MemoryStream();
        await upload.CopyToAsync(memory);
        // ruleid: csharp/taint-unrestricted-upload
        System.IO.File.WriteAllBytes(Path.Combine(Uploads, Path.GetFileName(upload.FileName)), memory.ToArray());
        return Ok();
    }

    [HttpPost]
    public async Task<IActionResult> Checked(IFormFile file)
    {
        var extension = Path.GetExtension(file.FileName).ToLowerInvariant();
        if (!Allowed.Contains(extension))
        {
            return BadRequest();
        }
        // ok: csharp/taint-unrestricted-upload
        using var stream = new FileStream(Path.Combine(Uploads, Path.GetFileName(file.FileName)), FileMode.Create);
        await file.CopyToAsync(stream);
        return Ok();
    }

    [HttpPost]
    public async Task<IActionResult> Renamed(IFormFile file)
    {
        // The server names the file.
        // ok: csharp/taint-unrestricted-upload
        using var stream = System.IO.File.Create(Path.Combine(Uploads, Path.GetRandomFileName()));
        await file.CopyToAsync(stream);
        return Ok();
    }
}
