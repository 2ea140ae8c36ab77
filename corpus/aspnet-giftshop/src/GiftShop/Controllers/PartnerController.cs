using System.Net.Http;
using Microsoft.AspNetCore.Mvc;

namespace GiftShop.Controllers;

public class PartnerController : ControllerBase
{
    private readonly HttpClient http;

    public PartnerController(HttpClient http)
    {
        this.http = http;
    }

    [HttpGet("partner/preview")]
    public async Task<IActionResult> Preview(string feedUrl)
    {
        var body = await http.GetStringAsync(feedUrl);
        return Ok(body.Length);
    }

    [HttpGet("partner/status")]
    public async Task<IActionResult> Status(string partner)
    {
        var body = await http.GetStringAsync($"https://feeds.partners.example/{partner}/status");
        return Ok(body);
    }
}
