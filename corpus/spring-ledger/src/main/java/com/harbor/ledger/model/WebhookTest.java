package com.harbor.ledger.model;

/** Body of POST /api/integrations/webhooks/test. */
public record WebhookTest(String callbackUrl, String event) {
}
