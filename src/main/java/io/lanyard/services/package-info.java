/**
 * The services the feature wings share: sessions and revocation, mail and its outbox, webhooks and the events behind them,
 * idempotency keys, throttling, CAPTCHA, metrics, and the account lifecycle's mail and password changes. A service never
 * imports a feature wing or the web; services may use each other without a cycle. May import model and platform.
 */
package io.lanyard.services;
