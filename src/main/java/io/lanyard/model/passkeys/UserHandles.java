package io.lanyard.model.passkeys;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * The WebAuthn user handle of an account: its id's 16 bytes. Opaque, stable, and no personal data, as the standard asks; a
 * discoverable credential answers it in every assertion, and it must be the account the credential is registered to.
 */
public final class UserHandles {

  private UserHandles() {
  }

  public static byte[] of(String userId) {
    UUID id = UUID.fromString(userId);
    return ByteBuffer.allocate(16).putLong(id.getMostSignificantBits()).putLong(id.getLeastSignificantBits()).array();
  }
}
