import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLInputFactory;
import org.dom4j.io.SAXReader;

public class Imports {
    public Document load(InputStream in) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        // ruleid: java/xml-external-entities
        DocumentBuilder builder = dbf.newDocumentBuilder();
        return builder.parse(in);
    }

    public Document inline(InputStream in) throws Exception {
        // ruleid: java/xml-external-entities
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(in);
    }

    public XMLStreamReader stax(InputStream in) throws Exception {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        // ruleid: java/xml-external-entities
        return factory.createXMLStreamReader(in);
    }

    public org.dom4j.Document dom4j(InputStream in) throws Exception {
        SAXReader reader = new SAXReader();
        // ruleid: java/xml-external-entities
        return reader.read(in);
    }

    public Document oneBranch(InputStream in, boolean strict) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        if (strict) {
            dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        }
        // ruleid: java/xml-external-entities
        return dbf.newDocumentBuilder().parse(in);
    }

    public Document safe(InputStream in) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        // ok: java/xml-external-entities
        return dbf.newDocumentBuilder().parse(in);
    }

    public Document safeProperties(InputStream in) throws Exception {
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        // ok: java/xml-external-entities
        DocumentBuilder builder = dbf.newDocumentBuilder();
        return builder.parse(in);
    }

    public XMLStreamReader safeStax(InputStream in) throws Exception {
        XMLInputFactory factory = XMLInputFactory.newInstance();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        // ok: java/xml-external-entities
        return factory.createXMLStreamReader(in);
    }

    public org.dom4j.Document safeDom4j(InputStream in) throws Exception {
        SAXReader reader = new SAXReader();
        reader.setFeature("http://xml.org/sax/features/external-general-entities", false);
        // ok: java/xml-external-entities
        return reader.read(in);
    }
}
