using System;
using Microsoft.AspNetCore.Http;

public class ResetService
{
    private readonly Random random = new Random();

    public string NewResetCode(HttpResponse response)
    {
        // ruleid: csharp/taint-predictable-random
        var resetCode = random.Next(100000, 999999).ToString();
        return resetCode;
    }

    public void IssueCookie(HttpResponse response)
    {
        var id = Random.Shared.NextInt64().ToString("x");
        // ruleid: csharp/taint-predictable-random
        response.Cookies.Append("sid", id);
    }

    public byte[] Key()
    {
        var bytes = new byte[32];
        new Random().NextBytes(bytes);
        var aes = System.Security.Cryptography.Aes.Create();
        // ruleid: csharp/taint-predictable-random
        aes.Key = new Random().Next().ToString().Select(c => (byte)c).ToArray();
        return aes.Key;
    }

    public void Jitter()
    {
        var delay = random.Next(100, 500);
        // ok: csharp/taint-predictable-random
        var retryCount = delay / 100;
        Thread.Sleep(delay);
    }

    public string SecureToken()
    {
        // ok: csharp/taint-predictable-random
        var token = Convert.ToHexString(System.Security.Cryptography.RandomNumberGenerator.GetBytes(32));
        return token;
    }
}
