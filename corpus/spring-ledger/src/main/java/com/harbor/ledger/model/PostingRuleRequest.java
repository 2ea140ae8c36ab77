package com.harbor.ledger.model;

import java.math.BigDecimal;

/** A posting rule as typed into the rule editor: a SpEL condition over a journal entry. */
public record PostingRuleRequest(String name, String condition, String account, BigDecimal amount) {
}
