package io.lanyard.signin.tokens;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Tokens whose signature and claims were already checked, by their exact text: a client sends the same token with every
 * request, and decoding and verifying it again each time was the largest cost of an authenticated request. Only verified
 * tokens enter, with their verdict (the caller, and the client of a client's token); expiry and revocation are still checked
 * on every use. Bounded: past the limit it starts over.
 */
final class VerifiedTokens {

  private final int capacity;
  private final ConcurrentHashMap<Key, TokenCheck> verdicts = new ConcurrentHashMap<>();

  VerifiedTokens(int capacity) {
    this.capacity = capacity;
  }

  TokenCheck get(String token) {
    return verdicts.get(new Key(token));
  }

  void put(String token, TokenCheck valid) {
    if (verdicts.size() >= capacity) {
      verdicts.clear();
    }
    verdicts.put(new Key(token), valid);
  }

  /**
   * A token as a key, hashed on its last characters: the end of its signature, random by construction. Hashing all of a
   * token's few hundred characters on every request (the client's string is new each time, so no hash is kept) cost more than
   * the rest of the look-up. Only tokens this service signed enter the map, so no one can fill it with colliding keys.
   */
  private record Key(String token) {

    private static final int HASHED_CHARACTERS = 16;

    @Override
    public int hashCode() {
      int hash = 0;
      for (int i = Math.max(0, token.length() - HASHED_CHARACTERS); i < token.length(); i++) {
        hash = 31 * hash + token.charAt(i);
      }
      return hash;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key && token.equals(key.token);
    }
  }
}
