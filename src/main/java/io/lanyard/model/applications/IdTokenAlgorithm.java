package io.lanyard.model.applications;

import java.util.Arrays;
import java.util.Optional;

/**
 * The algorithm that signs a client's ID tokens and logout tokens: RS256 by default (OpenID Connect Discovery 1.0 §3 requires
 * every provider to offer it, and relying parties assume it when they registered nothing), ES256 when the client asked.
 */
public enum IdTokenAlgorithm {
  RS256, ES256;

  public static final IdTokenAlgorithm DEFAULT = RS256;

  /** The algorithm of that name (exactly as JOSE writes it); empty for anything else. */
  public static Optional<IdTokenAlgorithm> parse(String name) {
    return Arrays.stream(values()).filter(algorithm -> algorithm.name().equals(name)).findFirst();
  }
}
