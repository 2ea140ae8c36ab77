using System.Security.Cryptography;

public class Hashes
{
    public byte[] Legacy(byte[] data)
    {
        // ruleid: csharp/weak-hash
        using var md5 = MD5.Create();
        return md5.ComputeHash(data);
    }

    // ruleid: csharp/weak-hash
    public byte[] Fingerprint(byte[] data) => SHA1.HashData(data);

    public byte[] Old(byte[] data)
    {
        // ruleid: csharp/weak-hash
        var sha = new SHA1CryptoServiceProvider();
        // ruleid: csharp/weak-hash
        var named = HashAlgorithm.Create("MD5");
        return sha.ComputeHash(data);
    }

    public byte[] Good(byte[] data, byte[] key)
    {
        // ok: csharp/weak-hash
        var mac = new HMACSHA1(key);
        // ok: csharp/weak-hash
        return SHA256.HashData(data);
    }
}
