package com.harbor.ledger.web;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.List;
import javax.naming.Context;
import javax.naming.NamingEnumeration;
import javax.naming.NamingException;
import javax.naming.directory.DirContext;
import javax.naming.directory.InitialDirContext;
import javax.naming.directory.SearchControls;
import javax.naming.directory.SearchResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import com.harbor.ledger.config.LedgerSettings;

/**
 * Looks up approvers and employees in the company directory for the approval workflow.
 */
@RestController
@RequestMapping("/api/directory")
public class DirectoryController {

    private final LedgerSettings settings;

    public DirectoryController(LedgerSettings settings) {
        this.settings = settings;
    }

    /** Approvers of one department, optionally narrowed by a name fragment. */
    @GetMapping("/approvers")
    public List<String> approvers(@RequestParam String department,
                                  @RequestParam(defaultValue = "") String name) throws NamingException {
        String filter = "(&(objectClass=person)(memberOf=cn=ledger-approvers,ou=groups," + settings.getLdapBase() + ")";
        filter += "(department=" + department + ")";
        if (!name.isBlank()) {
            filter += "(cn=*" + name.strip() + "*)";
        }
        filter += ")";
        DirContext ctx = directory();
        try {
            NamingEnumeration<SearchResult> results = ctx.search("ou=people," + settings.getLdapBase(), filter, controls());
            return names(results);
        } finally {
            ctx.close();
        }
    }

    /** Employee by personnel number, for the "submitted by" column. */
    @GetMapping("/employees/{number}")
    public List<String> employee(@PathVariable String number) throws NamingException {
        int employeeNumber = Integer.parseInt(number);
        String filter = "(&(objectClass=person)(employeeNumber=" + employeeNumber + "))";
        DirContext ctx = directory();
        try {
            NamingEnumeration<SearchResult> results = ctx.search("ou=people," + settings.getLdapBase(), filter, controls());
            return names(results);
        } finally {
            ctx.close();
        }
    }

    private DirContext directory() throws NamingException {
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "com.sun.jndi.ldap.LdapCtxFactory");
        env.put(Context.PROVIDER_URL, settings.getLdapUrl());
        env.put(Context.SECURITY_AUTHENTICATION, "simple");
        env.put(Context.SECURITY_PRINCIPAL, settings.getLdapBindDn());
        env.put(Context.SECURITY_CREDENTIALS, settings.getLdapBindPassword());
        return new InitialDirContext(env);
    }

    private static SearchControls controls() {
        SearchControls controls = new SearchControls();
        controls.setSearchScope(SearchControls.SUBTREE_SCOPE);
        controls.setReturningAttributes(new String[] {"cn", "mail"});
        controls.setCountLimit(50);
        return controls;
    }

    private static List<String> names(NamingEnumeration<SearchResult> results) throws NamingException {
        List<String> names = new ArrayList<>();
        while (results.hasMore()) {
            names.add(String.valueOf(results.next().getAttributes().get("cn").get()));
        }
        return names;
    }
}
