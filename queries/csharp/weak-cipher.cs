using System.Security.Cryptography;
using System.Text;

public class Ciphers
{
    public byte[] Des(byte[] data)
    {
        // ruleid: csharp/weak-cipher
        using var des = DES.Create();
        return des.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
    }

    public byte[] Ecb(byte[] key, byte[] data)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ruleid: csharp/weak-cipher
        aes.Mode = CipherMode.ECB;
        // ruleid: csharp/weak-cipher
        aes.IV = Encoding.UTF8.GetBytes("0123456789abcdef");
        return aes.CreateEncryptor().TransformFinalBlock(data, 0, data.Length);
    }

    public byte[] Rsa(RSACryptoServiceProvider rsa, RSA modern, byte[] data)
    {
        // ruleid: csharp/weak-cipher
        var a = rsa.Encrypt(data, false);
        // ruleid: csharp/weak-cipher
        var b = modern.Encrypt(data, RSAEncryptionPadding.Pkcs1);
        return a.Concat(b).ToArray();
    }

    public byte[] Good(RSA rsa, byte[] key, byte[] data)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ok: csharp/weak-cipher
        aes.Mode = CipherMode.CBC;
        // ok: csharp/weak-cipher
        aes.IV = RandomNumberGenerator.GetBytes(16);
        // ok: csharp/weak-cipher
        var sealed = rsa.Encrypt(data, RSAEncryptionPadding.OaepSHA256);
        // ok: csharp/weak-cipher
        var signature = rsa.SignData(data, HashAlgorithmName.SHA256, RSASignaturePadding.Pkcs1);
        return sealed;
    }
}
