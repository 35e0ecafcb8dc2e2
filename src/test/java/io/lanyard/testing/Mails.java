package io.lanyard.testing;

import jakarta.mail.Message;
import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading delivered mail in tests: its parts, the link token in it, the mail to one address with one subject. */
public final class Mails {

  private static final Pattern TOKEN = Pattern.compile("token=([A-Za-z0-9_-]{43})");

  private Mails() {
  }

  /** Waits for the mail to {@code recipient} whose subject contains {@code subject}. */
  public static MimeMessage awaitTo(Smtp smtp, String recipient, String subject) {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (System.nanoTime() < deadline) {
      for (MimeMessage mail : smtp.received()) {
        if (recipient(mail).equals(recipient) && subjectOf(mail).contains(subject)) {
          return mail;
        }
      }
      Eventually.pause(50);
    }
    throw new AssertionError("no mail to " + recipient + " about \"" + subject + "\" within 10 s; got " + describe(smtp.received()));
  }

  public static String tokenIn(MimeMessage mail) {
    Matcher link = TOKEN.matcher(textOf(mail));
    if (!link.find()) {
      throw new AssertionError("no link token in: " + textOf(mail));
    }
    return link.group(1);
  }

  public static String textOf(MimeMessage mail) {
    return part(mail, "text/plain");
  }

  public static String htmlOf(MimeMessage mail) {
    return part(mail, "text/html");
  }

  public static String recipient(MimeMessage mail) {
    try {
      return mail.getRecipients(Message.RecipientType.TO)[0].toString();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  public static String subjectOf(MimeMessage mail) {
    try {
      return mail.getSubject();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String part(MimeMessage mail, String type) {
    try {
      Object content = mail.getContent();
      if (content instanceof String text) {
        return text;
      }
      Multipart multipart = (Multipart) content;
      for (int i = 0; i < multipart.getCount(); i++) {
        if (multipart.getBodyPart(i).isMimeType(type)) {
          return multipart.getBodyPart(i).getContent().toString();
        }
      }
      throw new AssertionError("no " + type + " part");
    } catch (AssertionError e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String describe(List<MimeMessage> mails) {
    return mails.stream().map(mail -> recipient(mail) + " \"" + subjectOf(mail) + "\"").toList().toString();
  }
}
