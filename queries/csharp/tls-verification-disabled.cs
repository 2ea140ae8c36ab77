using System.Net;
using System.Net.Http;

public class Clients
{
    public HttpClient Insecure()
    {
        var handler = new HttpClientHandler();
        // ruleid: csharp/tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => true;
        return new HttpClient(handler);
    }

    public void Global()
    {
        // ruleid: csharp/tls-verification-disabled
        ServicePointManager.ServerCertificateValidationCallback = delegate { return true; };
    }

    public HttpClient Dangerous()
    {
        var handler = new HttpClientHandler
        {
            // ruleid: csharp/tls-verification-disabled
            ServerCertificateCustomValidationCallback = HttpClientHandler.DangerousAcceptAnyServerCertificateValidator
        };
        return new HttpClient(handler);
    }

    public HttpClient Pinned(X509Certificate2 ca)
    {
        var handler = new HttpClientHandler();
        // ok: csharp/tls-verification-disabled
        handler.ServerCertificateCustomValidationCallback = (message, cert, chain, errors) => errors == SslPolicyErrors.None;
        return new HttpClient(handler);
    }
}
