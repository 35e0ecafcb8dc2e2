package io.lanyard.signin.passkeys;

/** The passkey operations, present when the service has a public address to be a relying party for. */
public record Passkeys(RegisterPasskey register, MyPasskeys mine, PasskeySignIn signIn) {
}
