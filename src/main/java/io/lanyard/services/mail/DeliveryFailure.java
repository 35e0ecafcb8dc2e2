package io.lanyard.services.mail;

import io.vertx.ext.mail.SMTPException;

import java.util.List;

/**
 * Why a mail was not delivered, and so what happens to it (RFC 5321 §4.2.1): refused for good, deferred, or not even tried
 * because the SMTP server cannot take mail now.
 */
enum DeliveryFailure {

  /** A 5xx reply to this mail's recipient or content: final at once, the mail is dead. */
  REFUSED,
  /** A 4xx reply to this mail's recipient or content: tried again after a backoff. */
  DEFERRED,
  /**
   * The server, not the mail: no connection, a step past its timeout, a 421, or a refusal of the session itself (greeting,
   * login, sender). Every mail would fail alike: tried again once the server answers.
   */
  SERVER;

  // How vertx-mail-client names the steps of one mail's transaction after MAIL FROM (SMTPSendMail): a reply to these is
  // about this mail alone. MailFailuresIT drives a real SMTP responder into a 550, so a rewording fails the build.
  private static final List<String> STEPS_OF_THE_MAIL = List.of("recipient address not accepted", "DATA command not accepted",
    "sending data failed");
  private static final int SERVICE_NOT_AVAILABLE = 421;

  static DeliveryFailure of(Throwable failure) {
    if (failure instanceof SMTPException smtp && isAboutTheMail(smtp) && smtp.getReplyCode() != SERVICE_NOT_AVAILABLE) {
      return smtp.isPermanent() ? REFUSED : DEFERRED;
    }
    return SERVER;
  }

  private static boolean isAboutTheMail(SMTPException smtp) {
    String message = smtp.getMessage();
    return message != null && STEPS_OF_THE_MAIL.stream().anyMatch(message::startsWith);
  }
}
