package io.lanyard.model.passkeys;

import java.util.List;

/** What a sign-in needs of a credential: whose it is, its public key (a COSE key, as registered), its last sign counter. */
public record StoredPasskey(byte[] credentialId, String userId, byte[] publicKey, long signCount, List<String> transports) {
}
