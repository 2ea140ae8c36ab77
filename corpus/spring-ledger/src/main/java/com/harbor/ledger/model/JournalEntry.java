package com.harbor.ledger.model;

import java.math.BigDecimal;
import java.time.LocalDate;

/** One journal line; also the root object posting rules are evaluated against. */
public class JournalEntry {

    private String account;
    private BigDecimal amount;
    private String memo;
    private LocalDate postedAt;

    public JournalEntry() {
    }

    public JournalEntry(String account, BigDecimal amount, String memo, LocalDate postedAt) {
        this.account = account;
        this.amount = amount;
        this.memo = memo;
        this.postedAt = postedAt;
    }

    public String getAccount() { return account; }
    public void setAccount(String account) { this.account = account; }

    public BigDecimal getAmount() { return amount; }
    public void setAmount(BigDecimal amount) { this.amount = amount; }

    public String getMemo() { return memo; }
    public void setMemo(String memo) { this.memo = memo; }

    public LocalDate getPostedAt() { return postedAt; }
    public void setPostedAt(LocalDate postedAt) { this.postedAt = postedAt; }
}
