/**
 * Feature wing: creating accounts (with a password or by an e-mailed link), activating them, and the user types a sign-up
 * form offers. May import services, model and platform, never another feature wing.
 */
package io.lanyard.signup;
