using System.Runtime.Serialization.Formatters.Binary;
using Newtonsoft.Json;

public class Importer
{
    public object Load(Stream input)
    {
        // ruleid: csharp/unsafe-deserialization
        var formatter = new BinaryFormatter();
        return formatter.Deserialize(input);
    }

    public object Json(string text)
    {
        var settings = new JsonSerializerSettings
        {
            // ruleid: csharp/unsafe-deserialization
            TypeNameHandling = TypeNameHandling.All
        };
        return JsonConvert.DeserializeObject(text, settings);
    }

    public object Script(string text)
    {
        // ruleid: csharp/unsafe-deserialization
        var serializer = new JavaScriptSerializer(new SimpleTypeResolver());
        return serializer.DeserializeObject(text);
    }

    public Order Safe(string text)
    {
        var settings = new JsonSerializerSettings
        {
            // ok: csharp/unsafe-deserialization
            TypeNameHandling = TypeNameHandling.None
        };
        // ok: csharp/unsafe-deserialization
        var other = new JavaScriptSerializer();
        return JsonConvert.DeserializeObject<Order>(text, settings);
    }
}
