package io.lanyard.model.api;

/**
 * Where a request came from, as the audit trail records it.
 *
 * @param requestId the request's id (docs/decisions.md §1), or null outside a request
 * @param source the client's address (docs/decisions.md §7), or null when there is none (the CLI)
 * @param userAgent the {@code User-Agent} header, or empty
 */
public record RequestOrigin(String requestId, String source, String userAgent) {

  /** An operator's command: no request, no address. */
  public static final RequestOrigin CLI = new RequestOrigin(null, null, "lanyard-cli");
}
