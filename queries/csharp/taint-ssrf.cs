using System.Net.Http;
using Microsoft.AspNetCore.Mvc;

public class PreviewController : ControllerBase
{
    private readonly HttpClient _http;

    public async Task<IActionResult> Fetch(string url)
    {
        // ruleid: csharp/taint-ssrf
        var body = await _http.GetStringAsync(url);
        return Ok(body);
    }

    public IActionResult Legacy()
    {
        var target = Request.Query["target"].ToString();
        // ruleid: csharp/taint-ssrf
        var request = WebRequest.Create("http://" + target + "/status");
        return Ok(request.GetResponse());
    }

    public async Task<IActionResult> Proxy([FromBody] ProxyRequest body)
    {
        // ruleid: csharp/taint-ssrf
        var message = new HttpRequestMessage(HttpMethod.Get, body.Address);
        return Ok(await _http.SendAsync(message));
    }

    public async Task<IActionResult> Weather(string city)
    {
        // ok: csharp/taint-ssrf
        var body = await _http.GetStringAsync("https://api.weather.example/v1/today");
        // ok: csharp/taint-ssrf
        var id = await _http.GetStringAsync("https://api.weather.example/v1/city/" + int.Parse(city));
        return Ok(body + id);
    }
}

public class StatusController : ControllerBase
{
    private readonly HttpClient _http;

    public async Task<IActionResult> Status(string service, string q)
    {
        // ok: csharp/taint-ssrf
        var a = await _http.GetStringAsync($"https://status.example.com/{service}");
        // ok: csharp/taint-ssrf
        var b = await _http.GetStringAsync("/api/search?q=" + q);
        // ruleid: csharp/taint-ssrf
        var c = await _http.GetStringAsync($"https://{service}.internal/health");
        return Ok(a + b + c);
    }
}

public class UsersProxyController : ControllerBase
{
    private readonly HttpClient _http;

    public async Task<IActionResult> User(string id, string url)
    {
        // ok: csharp/taint-ssrf
        var user = await _http.GetFromJsonAsync<UserDto>($"api/users/{id}");
        // ruleid: csharp/taint-ssrf
        var other = await _http.GetFromJsonAsync<UserDto>(url);
        return Ok(user);
    }
}
