using System.Net.Http;
using System.Runtime.Serialization.Formatters.Binary;
using System.Security.Cryptography;
using System.Xml;

namespace GiftShop.Services;

public class PartnerFeed
{
    private const string PartnerApiKey = "pk_9f3c2e8d7a6b5c4d3e2f";
    private readonly HttpClient http;

    public PartnerFeed(HttpClient http)
    {
        this.http = http;
    }

    public XmlDocument Parse(Stream body)
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Parse };
        var doc = new XmlDocument();
        doc.Load(XmlReader.Create(body, settings));
        return doc;
    }

    public XmlDocument ParseStrict(Stream body)
    {
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
        var doc = new XmlDocument { XmlResolver = null };
        doc.Load(XmlReader.Create(body, settings));
        return doc;
    }

    public object RestoreSnapshot(Stream snapshot)
    {
        var formatter = new BinaryFormatter();
        return formatter.Deserialize(snapshot);
    }

    public string Signature(byte[] payload)
    {
        using var md5 = MD5.Create();
        return Convert.ToHexString(md5.ComputeHash(payload));
    }

    public string Checksum(byte[] payload)
    {
        return Convert.ToHexString(SHA256.HashData(payload));
    }

    public HttpClient Client()
    {
        var handler = new HttpClientHandler();
        handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true;
        return new HttpClient(handler);
    }

    public Task<string> Fetch(string partner)
    {
        return http.GetStringAsync($"https://feeds.partners.example/{partner}/cards.xml");
    }
}
