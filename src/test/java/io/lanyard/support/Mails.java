package io.lanyard.support;

import jakarta.mail.Multipart;
import jakarta.mail.internet.MimeMessage;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What tests read in delivered mail: the link token of {@link Fixtures#LINK_URL}. */
public final class Mails {

  private static final Pattern LINK = Pattern.compile("https://fair\\.example/activate\\?token=([A-Za-z0-9_-]{43})");

  private Mails() {
  }

  public static String linkToken(MimeMessage mail) {
    String text = text(mail);
    Matcher link = LINK.matcher(text);
    if (!link.find()) {
      throw new AssertionError("no link in:\n" + text);
    }
    return link.group(1);
  }

  public static String text(MimeMessage mail) {
    try {
      Object content = mail.getContent();
      if (content instanceof String text) {
        return text;
      }
      Multipart multipart = (Multipart) content;
      for (int i = 0; i < multipart.getCount(); i++) {
        if (multipart.getBodyPart(i).isMimeType("text/plain")) {
          return multipart.getBodyPart(i).getContent().toString();
        }
      }
      throw new AssertionError("no text/plain part");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
