package io.lanyard.services.captcha;

/**
 * The CAPTCHA provider could not say whether a token is good: unreachable, too slow, an answer that is not its siteverify
 * reply, or a refusal of our own secret. An internal failure of the route (nothing is written); its message names what went
 * wrong and never the token or the secret, and it carries no stack: the log line says all there is to say.
 */
public final class CaptchaUnavailable extends RuntimeException {

  CaptchaUnavailable(String message) {
    super(message, null, false, false);
  }
}
