package com.harbor.ledger.config;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Server-side settings (ledger.* properties, set per environment by the deployment).
 */
@ConfigurationProperties(prefix = "ledger")
public class LedgerSettings {

    private String exportDir = "/var/lib/ledger/statements";
    private String helpDir = "/opt/ledger/help";
    private String attachmentDir = "/var/lib/ledger/receipts";
    private String snapshotFile = "/var/lib/ledger/cache/fx-snapshot.bin";
    private String rendererPath = "/opt/ledger/bin/render-statement";
    private String ratesUrl = "https://rates.internal.harbor.example/eur/latest.csv";
    private String ldapUrl = "ldaps://directory.internal.harbor.example:636";
    private String ldapBase = "dc=harbor,dc=example";
    private String ldapBindDn;
    private String ldapBindPassword;
    private String defaultPostingRule = "amount > 10000 or account.startsWith('9')";

    public String getExportDir() { return exportDir; }
    public void setExportDir(String exportDir) { this.exportDir = exportDir; }

    public String getHelpDir() { return helpDir; }
    public void setHelpDir(String helpDir) { this.helpDir = helpDir; }

    public String getAttachmentDir() { return attachmentDir; }
    public void setAttachmentDir(String attachmentDir) { this.attachmentDir = attachmentDir; }

    public String getSnapshotFile() { return snapshotFile; }
    public void setSnapshotFile(String snapshotFile) { this.snapshotFile = snapshotFile; }

    public String getRendererPath() { return rendererPath; }
    public void setRendererPath(String rendererPath) { this.rendererPath = rendererPath; }

    public String getRatesUrl() { return ratesUrl; }
    public void setRatesUrl(String ratesUrl) { this.ratesUrl = ratesUrl; }

    public String getLdapUrl() { return ldapUrl; }
    public void setLdapUrl(String ldapUrl) { this.ldapUrl = ldapUrl; }

    public String getLdapBase() { return ldapBase; }
    public void setLdapBase(String ldapBase) { this.ldapBase = ldapBase; }

    public String getLdapBindDn() { return ldapBindDn; }
    public void setLdapBindDn(String ldapBindDn) { this.ldapBindDn = ldapBindDn; }

    public String getLdapBindPassword() { return ldapBindPassword; }
    public void setLdapBindPassword(String ldapBindPassword) { this.ldapBindPassword = ldapBindPassword; }

    public String getDefaultPostingRule() { return defaultPostingRule; }
    public void setDefaultPostingRule(String defaultPostingRule) { this.defaultPostingRule = defaultPostingRule; }
}
