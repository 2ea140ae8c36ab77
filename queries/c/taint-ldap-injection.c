/* A directory lookup by a name read from the network. */
#include <ldap.h>
#include <stdio.h>
#include <sys/socket.h>

int lookup_user(LDAP *ld, int sock)
{
    char name[128];
    char filter[256];
    LDAPMessage *result = NULL;
    ssize_t got = recv(sock, name, sizeof name - 1, 0);
    if (got <= 0)
        return -1;
    name[got] = '\0';
    snprintf(filter, sizeof filter, "(uid=%s)", name);
    // ruleid: c/taint-ldap-injection
    return ldap_search_ext_s(ld, "ou=people,dc=example,dc=com", LDAP_SCOPE_SUBTREE, filter,
                             NULL, 0, NULL, NULL, NULL, 0, &result);
}

int lookup_admins(LDAP *ld)
{
    LDAPMessage *result = NULL;
    // ok: c/taint-ldap-injection
    return ldap_search_ext_s(ld, "ou=people,dc=example,dc=com", LDAP_SCOPE_SUBTREE,
                             "(memberOf=cn=admins)", NULL, 0, NULL, NULL, NULL, 0, &result);
}
