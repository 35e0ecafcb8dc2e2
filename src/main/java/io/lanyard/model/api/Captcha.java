package io.lanyard.model.api;

import io.vertx.core.Future;

import java.util.Optional;

/**
 * The optional CAPTCHA of the routes that send mail to an address typed by anyone (docs/decisions.md §7): a request goes on only
 * when its {@code captchaToken} passes. {@link #OFF} lets every request through ({@code captcha/SiteVerify} is wired in its
 * place when one is configured).
 */
@FunctionalInterface
public interface Captcha {

  /**
   * @param captchaToken the body's {@code captchaToken} as sent (null when absent)
   * @param source the client's address, which providers may check the token against
   * @return empty when the request may go on; else its refusal (131 or 190 naming {@code captchaToken}); a failed future
   *   when the provider cannot say (the route's internal failure: nothing may be written)
   */
  Future<Optional<Result>> check(Object captchaToken, String source);

  Captcha OFF = (captchaToken, source) -> Future.succeededFuture(Optional.empty());
}
