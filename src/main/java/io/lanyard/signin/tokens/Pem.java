package io.lanyard.signin.tokens;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** PEM text: the blocks it holds ({@code -----BEGIN <type>-----}, base64, {@code -----END <type>-----}), and writing one. */
final class Pem {

  /** One decoded block. */
  record Block(String type, byte[] der) {
  }

  private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([A-Za-z0-9+/=\\s]*)-----END \\1-----");

  private Pem() {
  }

  /** Every well-formed block, in order; text around them (comments, blank lines) is ignored. */
  static List<Block> blocks(String text) {
    List<Block> blocks = new ArrayList<>();
    Matcher matcher = BLOCK.matcher(text);
    while (matcher.find()) {
      try {
        blocks.add(new Block(matcher.group(1), Base64.getMimeDecoder().decode(matcher.group(2))));
      } catch (IllegalArgumentException badBase64) {
        // not a block we can read: the caller reports what is missing
      }
    }
    return blocks;
  }

  static String encode(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
      + "\n-----END " + type + "-----\n";
  }
}
