package io.lanyard.signin.oidc;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/** The scopes the provider knows (docs/decisions.md §13); others a client asks for are ignored, as OpenID Connect allows. */
public final class Scopes {

  public static final String OPENID = "openid";
  public static final String EMAIL = "email";
  public static final String PROFILE = "profile";
  public static final String OFFLINE_ACCESS = "offline_access";
  public static final List<String> SUPPORTED = List.of(OPENID, EMAIL, PROFILE, OFFLINE_ACCESS);
  /** Compiled once: {@code String.split} compiles a pattern of more than one character at every call. */
  private static final Pattern SPACES = Pattern.compile("\\s+");

  private Scopes() {
  }

  /** The known scopes of a space-separated list, in the provider's order, each once. */
  public static List<String> known(String scope) {
    List<String> asked = scope == null ? List.of() : Arrays.asList(SPACES.split(scope.trim()));
    List<String> kept = new ArrayList<>();
    SUPPORTED.forEach(known -> {
      if (asked.contains(known)) {
        kept.add(known);
      }
    });
    return kept;
  }

  public static String join(List<String> scopes) {
    return String.join(" ", scopes);
  }
}
