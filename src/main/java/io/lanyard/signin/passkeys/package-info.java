/**
 * Passkeys (WebAuthn): a signed-in person registers, lists, renames and removes them; anybody signs in with one through
 * {@code /_login/passkey}, after fetching a challenge. The ceremonies are checked by the model's {@code RelyingParty}.
 */
package io.lanyard.signin.passkeys;
