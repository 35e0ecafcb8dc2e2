package io.lanyard.signin.oidc;

import com.nimbusds.oauth2.sdk.util.URLUtils;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Carries "this person just typed their password for this request" from the login page to the consent page that follows it,
 * without server state: an HMAC, under the deployment's shared key, of the SSO session and the request. The consent page
 * then meets {@code prompt=login} and {@code max_age} without asking again; a consent form without it (or for another session
 * or request) does not.
 */
public final class SignInProofs {

  private static final String PURPOSE = "lanyard-oidc-signed-in:";

  private final SecretKeySpec key;

  /** @param key the deployment's shared key (the hosted pages' form key) */
  public SignInProofs(String key) {
    this.key = new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
  }

  public String proof(SsoSession session, Map<String, List<String>> request) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(mac(session.sid() + "\n"
      + URLUtils.serializeParameters(new TreeMap<>(request))));
  }

  public boolean accepts(String proof, SsoSession session, Map<String, List<String>> request) {
    return proof != null && !proof.isEmpty() && MessageDigest.isEqual(proof(session, request).getBytes(StandardCharsets.US_ASCII),
      proof.getBytes(StandardCharsets.US_ASCII));
  }

  private byte[] mac(String text) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      return mac.doFinal((PURPOSE + text).getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every JVM has HmacSHA256", e);
    }
  }
}
