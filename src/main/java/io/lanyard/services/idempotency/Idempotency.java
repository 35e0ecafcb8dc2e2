package io.lanyard.services.idempotency;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Refusal;
import io.lanyard.platform.support.SecretTokens;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * What a request says about idempotency: no {@code Idempotency-Key} header, a usable key with the fingerprint of what the
 * request asks, or a malformed header (a 400). The fingerprint is the SHA-256 of the operation and the body in a canonical
 * form (keys sorted), less the fields named secret: a password is never kept, not even hashed this fast.
 */
public final class Idempotency {

  /** The header, as the IETF httpapi draft and Stripe name it. */
  public static final String HEADER = "Idempotency-Key";
  static final int MAX_LENGTH = 255;

  private static final Idempotency NONE = new Idempotency(Optional.empty(), false);

  private final Optional<IdempotencyKey> key;
  private final boolean malformed;

  private Idempotency(Optional<IdempotencyKey> key, boolean malformed) {
    this.key = key;
    this.malformed = malformed;
  }

  public static Idempotency none() {
    return NONE;
  }

  /**
   * @param header the header's value, if sent: 1 to 255 printable ASCII characters, optionally quoted (a structured-field
   *   string, as the draft defines it)
   * @param operation what the request does (a key used on another operation is another request)
   * @param secretFields body fields left out of the fingerprint
   */
  public static Idempotency of(Optional<String> header, String operation, JsonObject body, Set<String> secretFields) {
    if (header.isEmpty()) {
      return NONE;
    }
    String value = header.get().strip();
    if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
      value = value.substring(1, value.length() - 1);
    }
    if (value.isEmpty() || value.length() > MAX_LENGTH || !value.chars().allMatch(c -> c >= 0x20 && c <= 0x7e)) {
      return new Idempotency(Optional.empty(), true);
    }
    JsonObject fingerprinted = body.copy();
    secretFields.forEach(fingerprinted::remove);
    String canonical = operation + "\n" + canonical(fingerprinted).toString();
    return new Idempotency(Optional.of(new IdempotencyKey(value, SecretTokens.sha256(canonical))), false);
  }

  public Optional<IdempotencyKey> key() {
    return key;
  }

  /** The 400 of a malformed header, before anything is read or written. */
  public Optional<Refusal> refusal() {
    return malformed ? Optional.of(new Malformed()) : Optional.empty();
  }

  /** JSON with every object's keys sorted, so two encodings of one body give one fingerprint. */
  private static Object canonical(Object value) {
    if (value instanceof JsonObject object) {
      Map<String, Object> sorted = new TreeMap<>();
      object.forEach(entry -> sorted.put(entry.getKey(), canonical(entry.getValue())));
      return new JsonObject(sorted);
    }
    if (value instanceof JsonArray array) {
      JsonArray copy = new JsonArray();
      array.forEach(item -> copy.add(canonical(item)));
      return copy;
    }
    return value;
  }

  /** The header is there but unusable. */
  private static final class Malformed extends Refusal {

    Malformed() {
      super("malformed idempotency key", null);
    }

    @Override
    public ApiError error() {
      return ApiError.badRequest("Invalid " + HEADER + " header: 1 to " + MAX_LENGTH + " printable ASCII characters",
        "api.assert.invalid_idempotency_key");
    }
  }
}
