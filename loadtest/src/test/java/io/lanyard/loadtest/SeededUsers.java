package io.lanyard.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The accounts {@code users seed --synthetic} prepared: active ones to log in, pending ones with a link token to activate. */
record SeededUsers(List<Map<String, Object>> active, List<Map<String, Object>> pending) {

  /** Reads the CSV {@code email,status,token}; feeder records hold {@code email} (and {@code token} when pending). */
  static SeededUsers read(Path csv) {
    List<Map<String, Object>> active = new ArrayList<>();
    List<Map<String, Object>> pending = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
      if (lines.isEmpty() || !lines.get(0).equals("email,status,token")) {
        throw new IllegalArgumentException(csv + " is not a users seed --synthetic file (header email,status,token)");
      }
      for (String line : lines.subList(1, lines.size())) {
        String[] fields = line.split(",", -1);
        if (fields.length != 3) {
          continue;
        }
        if (fields[1].equals("active")) {
          active.add(Map.of("email", fields[0]));
        } else if (fields[1].equals("pending")) {
          pending.add(Map.of("email", fields[0], "token", fields[2]));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + csv, e);
    }
    return new SeededUsers(List.copyOf(active), List.copyOf(pending));
  }

  List<Map<String, Object>> requireActive() {
    if (active.isEmpty()) {
      throw new IllegalArgumentException("the users file holds no active account: seed some with --active N");
    }
    return active;
  }

  List<Map<String, Object>> requirePending() {
    if (pending.isEmpty()) {
      throw new IllegalArgumentException("the users file holds no pending account: seed some with --pending M");
    }
    return pending;
  }
}
