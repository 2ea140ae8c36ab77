using System.Security.Cryptography;
using System.Text;
using Microsoft.IdentityModel.Tokens;

public class Keys
{
    public SecurityKey Signing()
    {
        // ruleid: csharp/hardcoded-crypto-key
        return new SymmetricSecurityKey(Encoding.UTF8.GetBytes("super-secret-jwt-signing-key-123"));
    }

    public byte[] Seal(byte[] data)
    {
        using var aes = Aes.Create();
        // ruleid: csharp/hardcoded-crypto-key
        aes.Key = new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
        // ruleid: csharp/hardcoded-crypto-key
        using var mac = new HMACSHA256(Encoding.ASCII.GetBytes("webhook-signing-secret"));
        return mac.ComputeHash(data);
    }

    public SecurityKey Good(IConfiguration config, byte[] key)
    {
        using var aes = Aes.Create();
        // ok: csharp/hardcoded-crypto-key
        aes.Key = key;
        // ok: csharp/hardcoded-crypto-key
        return new SymmetricSecurityKey(Encoding.UTF8.GetBytes(config["Jwt:Key"]));
    }
}

public class Messages
{
    public Message<string, string> Build(string body)
    {
        // ok: csharp/hardcoded-crypto-key
        return new Message<string, string> { Key = "orders", Value = body };
    }

    public void Publish(Producer producer, string body)
    {
        var message = new KafkaMessage();
        // ok: csharp/hardcoded-crypto-key
        message.Key = Encoding.UTF8.GetBytes("orders");
    }
}
