using System.Xml;

public class Feeds
{
    public XmlDocument Load(Stream input)
    {
        var doc = new XmlDocument();
        // ruleid: csharp/xml-external-entities
        doc.XmlResolver = new XmlUrlResolver();
        doc.Load(input);
        return doc;
    }

    public XmlReader Reader(Stream input)
    {
        var settings = new XmlReaderSettings
        {
            // ruleid: csharp/xml-external-entities
            DtdProcessing = DtdProcessing.Parse,
        };
        return XmlReader.Create(input, settings);
    }

    public XmlTextReader Old(Stream input)
    {
        var reader = new XmlTextReader(input);
        // ruleid: csharp/xml-external-entities
        reader.ProhibitDtd = false;
        return reader;
    }

    public XmlReader Safe(Stream input)
    {
        // ok: csharp/xml-external-entities
        var settings = new XmlReaderSettings { DtdProcessing = DtdProcessing.Prohibit, XmlResolver = null };
        var doc = new XmlDocument();
        // ok: csharp/xml-external-entities
        doc.XmlResolver = null;
        return XmlReader.Create(input, settings);
    }
}
