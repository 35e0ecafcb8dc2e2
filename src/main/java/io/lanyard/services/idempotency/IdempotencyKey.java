package io.lanyard.services.idempotency;

/**
 * A client's key for one request, and the fingerprint of what that request asks.
 *
 * @param value the key as sent (opaque to the service: a UUID, typically)
 */
public record IdempotencyKey(String value, byte[] fingerprint) {
}
