package io.lanyard.auth;

import io.lanyard.api.Caller;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Tokens whose signature and claims were already checked, by their exact text: a client sends the same token with every
 * request, and decoding and verifying it again each time was the largest cost of an authenticated request. Only verified
 * tokens enter; expiry and revocation are still checked on every use. Bounded: past the limit it starts over.
 */
final class VerifiedTokens {

  private final int capacity;
  private final ConcurrentHashMap<String, Caller> callers = new ConcurrentHashMap<>();

  VerifiedTokens(int capacity) {
    this.capacity = capacity;
  }

  Caller get(String token) {
    return callers.get(token);
  }

  void put(String token, Caller caller) {
    if (callers.size() >= capacity) {
      callers.clear();
    }
    callers.put(token, caller);
  }
}
