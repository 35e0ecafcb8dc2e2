package io.lanyard.model.api;

/** The business codes of {@code result.statusCode} (docs/decisions.md §4), named once. */
public enum StatusCode {
  SUCCESS(0, "generic_success"),
  CREATED(0, "create_user_success"),

  // creation (both routes) and activation
  CREATE_UNEXPECTED(1),
  LINK_URL_MISCONFIGURED(124),
  CREATE_MISSING_FIELD(131),
  CREATE_USER_LOOKUP_FAILED(132),
  CREATE_USER_INSERT_FAILED(133),
  CREATE_HASHING_FAILED(134),
  CREATE_MAIL_ENQUEUE_FAILED(135),
  EMAIL_ALREADY_EXISTS(143, "create_user_already_exist"),
  CREATE_LINK_TOKEN_FAILED(161),
  CREATE_APPLICATION_LOOKUP_FAILED(170),
  TEMPLATE_MISSING(187),
  LINK_TOKEN_INVALID(191),

  // third-party update and read
  UPDATE_MISSING_FIELD(137),
  UPDATE_UNEXPECTED(138),
  EMAIL_NOT_FOUND(139),
  UPDATE_APPLICATION_LOOKUP_FAILED(171),
  UPDATE_USER_LOOKUP_FAILED(172),
  UPDATE_WRITE_FAILED(173),

  // application tokens (create, update, read)
  APPLICATION_MISCONFIGURED(140),
  APPLICATION_UNKNOWN(149),
  APPLICATION_NOT_AUTHORIZED(181),

  // any plugin operation
  INVALID_FIELD(190),

  // account lifecycle: reset, e-mail change, erasure, export (docs/decisions.md §8)
  LIFECYCLE_UNEXPECTED(1),
  CURRENT_PASSWORD_WRONG(192),

  USER_TYPES_FAILED(228);

  private static final String GENERIC_ERROR = "generic_error";

  private final int code;
  private final String message;

  StatusCode(int code) {
    this(code, GENERIC_ERROR);
  }

  StatusCode(int code, String message) {
    this.code = code;
    this.message = message;
  }

  public int code() {
    return code;
  }

  public String message() {
    return message;
  }
}
