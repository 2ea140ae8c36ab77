using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;

public class ToolsController : ControllerBase
{
    [HttpGet("ping")]
    public IActionResult Ping(string host)
    {
        // ruleid: csharp/taint-command-injection
        var p = Process.Start("cmd.exe", "/c ping " + host);
        return Ok(p.Id);
    }

    [HttpPost("convert")]
    public IActionResult Convert([FromBody] ConvertRequest body)
    {
        var psi = new ProcessStartInfo("convert");
        // ruleid: csharp/taint-command-injection
        psi.Arguments = body.Source + " out.png";
        Process.Start(psi);
        return Ok();
    }

    public IActionResult Run()
    {
        var tool = Request.Form["tool"];
        // ruleid: csharp/taint-command-injection
        var psi = new ProcessStartInfo { FileName = tool, UseShellExecute = false };
        return Ok(Process.Start(psi).Id);
    }

    public IActionResult Safe(string name)
    {
        var psi = new ProcessStartInfo("convert");
        psi.ArgumentList.Add("--");
        psi.ArgumentList.Add(name);
        // ok: csharp/taint-command-injection
        Process.Start(psi);
        // ok: csharp/taint-command-injection
        Process.Start("git", "status --short");
        return Ok();
    }

    public IActionResult Count(int lines)
    {
        // ok: csharp/taint-command-injection
        Process.Start("tail", "-n " + lines + " app.log");
        return Ok();
    }

    public IActionResult Upload(IFormFile file)
    {
        // ok: csharp/taint-command-injection
        file.FileName = "upload.bin";
        return Ok();
    }
}
