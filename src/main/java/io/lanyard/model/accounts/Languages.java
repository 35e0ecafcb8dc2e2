package io.lanyard.model.accounts;

import java.util.List;

/** The languages of accounts and mails ("for now", says docs/api.md): French and British English. */
public final class Languages {

  public static final List<String> SUPPORTED = List.of("fre-FR", "eng-GB");

  private Languages() {
  }

  public static boolean isSupported(Object language) {
    return language instanceof String text && SUPPORTED.contains(text);
  }
}
