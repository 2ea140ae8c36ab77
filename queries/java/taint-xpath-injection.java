import java.util.Map;
import javax.servlet.http.HttpServletRequest;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathFactory;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.web.bind.annotation.*;
import org.w3c.dom.Document;

@RestController
public class ChartController {
    private final Document chart;

    @GetMapping("/accounts/{code}")
    public String account(@PathVariable String code) throws Exception {
        String key = code.strip();
        String expression = String.format("/chart/account[@code='%s' and @restricted='false']/name", key);
        // ruleid: java/taint-xpath-injection
        return xpath().evaluate(expression, chart);
    }

    @GetMapping("/accounts/{code}/parent")
    public String parent(@PathVariable String code) throws Exception {
        XPath xp = xpath();
        xp.setXPathVariableResolver(variable -> "code".equals(variable.getLocalPart()) ? code : null);
        // ok: java/taint-xpath-injection
        return xp.evaluate("/chart/account[@code=$code]/@parent", chart);
    }

    @GetMapping("/accounts/{code}/children")
    public Object children(@PathVariable String code) throws Exception {
        XPath xPath = XPathFactory.newInstance().newXPath();
        // ruleid: java/taint-xpath-injection
        XPathExpression compiled = xPath.compile("/chart/account[@parent='" + code + "']");
        Map<String, String> paths = Map.of("top", "/chart/account[not(@parent)]", "mine", "/chart/account[@code='" + code + "']");
        // ok: java/taint-xpath-injection
        return xPath.evaluate(paths.get("top"), chart);
    }

    // An LDAP filter encoder leaves `'` as it is: the value still closes the XPath literal.
    @GetMapping("/accounts/by-owner")
    public String owner(HttpServletRequest request) throws Exception {
        String owner = LdapEncoder.filterEncode(request.getParameter("owner"));
        // ruleid: java/taint-xpath-injection
        return xpath().evaluate("/chart/account[@owner='" + owner + "']/name", chart);
    }

    private static XPath xpath() {
        return XPathFactory.newInstance().newXPath();
    }
}

// XML escaping keeps a value inside its XPath string literal.
class LocalInputLookup {
    String escaped(javax.xml.xpath.XPath xPath, org.xml.sax.InputSource inputXml) throws Exception {
        String user = System.getenv("LOOKUP_USER");
        String safe = org.apache.commons.lang.StringEscapeUtils.escapeXml(user);
        // ok: java/taint-xpath-injection
        return (String) xPath.evaluate("//users/user[name/text()='" + safe + "']/secret/text()", inputXml, javax.xml.xpath.XPathConstants.STRING);
    }

    String raw(javax.xml.xpath.XPath xPath, org.xml.sax.InputSource inputXml) throws Exception {
        String user = System.getenv("LOOKUP_USER");
        // ruleid: java/taint-xpath-injection
        return (String) xPath.evaluate("//users/user[name/text()='" + user + "']/secret/text()", inputXml, javax.xml.xpath.XPathConstants.STRING);
    }
}
