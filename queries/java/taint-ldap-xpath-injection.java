import java.util.Hashtable;
import java.util.Map;
import javax.naming.NamingEnumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.servlet.http.HttpServletRequest;
import javax.xml.xpath.XPath;
import javax.xml.xpath.XPathExpression;
import javax.xml.xpath.XPathFactory;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.web.bind.annotation.*;
import org.w3c.dom.Document;

@RestController
public class DirectoryController {
    private static final String PEOPLE = "ou=people,dc=harbor,dc=example";
    private final DirContext ctx;
    private final Document chart;
    private final SearchControls controls = new SearchControls();

    @GetMapping("/approvers")
    public NamingEnumeration<SearchResult> approvers(@RequestParam String department,
                                                     @RequestParam(defaultValue = "") String name) throws Exception {
        String filter = "(&(objectClass=person)";
        filter += "(department=" + department + ")";
        if (!name.isBlank()) {
            filter += "(cn=*" + name.strip() + "*)";
        }
        filter += ")";
        // ruleid: java/taint-ldap-xpath-injection
        return ctx.search(PEOPLE, filter, controls);
    }

    @GetMapping("/employees/{number}")
    public NamingEnumeration<SearchResult> employee(@PathVariable String number) throws Exception {
        int employeeNumber = Integer.parseInt(number);
        String filter = "(&(objectClass=person)(employeeNumber=" + employeeNumber + "))";
        // ok: java/taint-ldap-xpath-injection
        return ctx.search(PEOPLE, filter, controls);
    }

    @GetMapping("/people")
    public NamingEnumeration<SearchResult> people(HttpServletRequest request) throws Exception {
        String uid = request.getParameter("uid");
        // ok: java/taint-ldap-xpath-injection
        ctx.search(PEOPLE, "(uid=" + LdapEncoder.filterEncode(uid) + ")", controls);
        // ok: java/taint-ldap-xpath-injection
        ctx.search(PEOPLE, "(uid={0})", new Object[] {uid}, controls);
        // ruleid: java/taint-ldap-xpath-injection
        return ctx.search(PEOPLE, String.format("(mail=%s)", request.getParameter("mail")), controls);
    }

    @GetMapping("/accounts/{code}")
    public String account(@PathVariable String code) throws Exception {
        String key = code.strip();
        String expression = String.format("/chart/account[@code='%s' and @restricted='false']/name", key);
        // ruleid: java/taint-ldap-xpath-injection
        return xpath().evaluate(expression, chart);
    }

    @GetMapping("/accounts/{code}/parent")
    public String parent(@PathVariable String code) throws Exception {
        XPath xp = xpath();
        xp.setXPathVariableResolver(variable -> "code".equals(variable.getLocalPart()) ? code : null);
        // ok: java/taint-ldap-xpath-injection
        return xp.evaluate("/chart/account[@code=$code]/@parent", chart);
    }

    @GetMapping("/accounts/{code}/children")
    public Object children(@PathVariable String code) throws Exception {
        XPath xPath = XPathFactory.newInstance().newXPath();
        // ruleid: java/taint-ldap-xpath-injection
        XPathExpression compiled = xPath.compile("/chart/account[@parent='" + code + "']");
        Map<String, String> paths = Map.of("top", "/chart/account[not(@parent)]", "mine", "/chart/account[@code='" + code + "']");
        // ok: java/taint-ldap-xpath-injection
        return xPath.evaluate(paths.get("top"), chart);
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
        // ok: java/taint-ldap-xpath-injection
        return (String) xPath.evaluate("//users/user[name/text()='" + safe + "']/secret/text()", inputXml, javax.xml.xpath.XPathConstants.STRING);
    }

    String raw(javax.xml.xpath.XPath xPath, org.xml.sax.InputSource inputXml) throws Exception {
        String user = System.getenv("LOOKUP_USER");
        // ruleid: java/taint-ldap-xpath-injection
        return (String) xPath.evaluate("//users/user[name/text()='" + user + "']/secret/text()", inputXml, javax.xml.xpath.XPathConstants.STRING);
    }
}
