import java.util.Hashtable;
import javax.naming.NamingEnumeration;
import javax.naming.directory.DirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import javax.servlet.http.HttpServletRequest;
import org.apache.commons.text.StringEscapeUtils;
import org.owasp.esapi.ESAPI;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.web.bind.annotation.*;
import com.unboundid.ldap.sdk.Filter;

@RestController
public class DirectoryController {
    private static final String PEOPLE = "ou=people,dc=harbor,dc=example";
    private final DirContext ctx;
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
        // ruleid: java/taint-ldap-injection
        return ctx.search(PEOPLE, filter, controls);
    }

    @GetMapping("/employees/{number}")
    public NamingEnumeration<SearchResult> employee(@PathVariable String number) throws Exception {
        int employeeNumber = Integer.parseInt(number);
        String filter = "(&(objectClass=person)(employeeNumber=" + employeeNumber + "))";
        // ok: java/taint-ldap-injection
        return ctx.search(PEOPLE, filter, controls);
    }

    @GetMapping("/people")
    public NamingEnumeration<SearchResult> people(HttpServletRequest request) throws Exception {
        String uid = request.getParameter("uid");
        // ok: java/taint-ldap-injection
        ctx.search(PEOPLE, "(uid=" + LdapEncoder.filterEncode(uid) + ")", controls);
        // ok: java/taint-ldap-injection
        ctx.search(PEOPLE, "(uid={0})", new Object[] {uid}, controls);
        // ok: java/taint-ldap-injection
        ctx.search(PEOPLE, "(uid=" + Filter.encodeValue(uid) + ")", controls);
        // ok: java/taint-ldap-injection
        ctx.search(PEOPLE, "(uid=" + ESAPI.encoder().encodeForLDAP(uid) + ")", controls);
        // ruleid: java/taint-ldap-injection
        return ctx.search(PEOPLE, String.format("(mail=%s)", request.getParameter("mail")), controls);
    }

    // Escapers for other contexts leave a filter's `*`, `(`, `)` and `\` as they are.
    @GetMapping("/members")
    public NamingEnumeration<SearchResult> members(HttpServletRequest request) throws Exception {
        String group = request.getParameter("group");
        String xml = StringEscapeUtils.escapeXml10(group);
        // ruleid: java/taint-ldap-injection
        ctx.search(PEOPLE, "(memberOf=cn=" + xml + ",ou=groups)", controls);
        // ruleid: java/taint-ldap-injection
        ctx.search(PEOPLE, "(cn=" + LdapEncoder.nameEncode(group) + ")", controls);
        // ruleid: java/taint-ldap-injection
        ctx.search(PEOPLE, "(cn=" + ESAPI.encoder().encodeForDN(group) + ")", controls);
        // encodeForLDAP without wildcard encoding keeps `*`: `*` alone matches every entry.
        // ruleid: java/taint-ldap-injection
        return ctx.search(PEOPLE, "(cn=" + ESAPI.encoder().encodeForLDAP(group, false) + ")", controls);
    }
}
