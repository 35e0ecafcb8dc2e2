/**
 * Feature wing: signing in and the life of a token. Login, logout, refresh, token checks and the caller's own account;
 * {@code tokens} issues, verifies and signs JWTs. May import services, model and platform, never another feature wing.
 */
package io.lanyard.signin;
