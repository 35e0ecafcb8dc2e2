package io.lanyard.model.passkeys;

import io.vertx.core.Future;
import io.vertx.core.buffer.Buffer;
import io.vertx.sqlclient.SqlClient;
import io.vertx.sqlclient.Tuple;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;

/**
 * The challenges of passkey ceremonies, kept in PostgreSQL so that any instance accepts one another instance issued, and
 * consumed by one {@code DELETE ... RETURNING}: a challenge signs in (or registers) once, on one instance, or not at all.
 */
public final class PasskeyChallenges {

  /** What a challenge is for: a registration names its account, a sign-in nobody (the credential says who). */
  public enum Purpose {
    REGISTER("register"),
    SIGN_IN("sign_in");

    private final String wireName;

    Purpose(String wireName) {
      this.wireName = wireName;
    }
  }

  /** Long enough for a person to touch a key or look at a phone, short enough that an unused challenge soon means nothing. */
  public static final Duration LIFETIME = Duration.ofMinutes(2);
  private static final int CHALLENGE_BYTES = 32;

  private static final String ISSUE = """
    INSERT INTO passkey_challenges (challenge_hash, purpose, user_id, expires_at)
    VALUES ($1, $2, $3, now() + make_interval(secs => $4))""";
  private static final String CONSUME = """
    DELETE FROM passkey_challenges
    WHERE challenge_hash = $1 AND purpose = $2 AND expires_at > now() AND user_id IS NOT DISTINCT FROM $3
    RETURNING challenge_hash""";
  private static final String DELETE_EXPIRED = """
    DELETE FROM passkey_challenges WHERE expires_at <= now()""";

  private final SecureRandom random = new SecureRandom();

  /** A new challenge for {@code purpose}, valid on every instance for {@link #LIFETIME}; the account only for a registration. */
  public Future<byte[]> issue(SqlClient client, Purpose purpose, Optional<String> userId) {
    byte[] challenge = new byte[CHALLENGE_BYTES];
    random.nextBytes(challenge);
    return client.preparedQuery(ISSUE).execute(Tuple.of(Buffer.buffer(hash(challenge)), purpose.wireName,
        userId.map(UUID::fromString).orElse(null), (double) LIFETIME.toSeconds()))
      .map(challenge);
  }

  /** @return whether the challenge was issued for this purpose (and account), unexpired and unused: it is used now */
  public Future<Boolean> consume(SqlClient client, byte[] challenge, Purpose purpose, Optional<String> userId) {
    return client.preparedQuery(CONSUME).execute(Tuple.of(Buffer.buffer(hash(challenge)), purpose.wireName,
        userId.map(UUID::fromString).orElse(null)))
      .map(rows -> rows.size() == 1);
  }

  public Future<Integer> deleteExpired(SqlClient client) {
    return client.query(DELETE_EXPIRED).execute().map(rows -> rows.rowCount());
  }

  private static byte[] hash(byte[] challenge) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(challenge);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from the JDK", e);
    }
  }
}
