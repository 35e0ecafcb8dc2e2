package io.lanyard.web;

/** Who may call a route. A token that is present but invalid fails every route, public ones included (as in Kuzzle). */
public enum Access {
  /** No token needed; a valid one is accepted. */
  PUBLIC,
  /** A valid bearer token needed. */
  AUTHENTICATED
}
