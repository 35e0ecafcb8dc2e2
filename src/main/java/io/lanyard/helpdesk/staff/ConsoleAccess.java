package io.lanyard.helpdesk.staff;

/**
 * What a console request may do, read afresh on every request from its session cookie.
 *
 * <ul>
 *   <li>{@link None}: no live console session (none, expired, or its single sign-on session ended, the account disabled or its
 *   tokens cut off): sign in again.</li>
 *   <li>{@link Refused}: a live session of an account that holds no role any more: 403.</li>
 *   <li>{@link Staff}: a staff member, with their role.</li>
 * </ul>
 */
public sealed interface ConsoleAccess {

  ConsoleAccess NONE = new None();

  record None() implements ConsoleAccess {
  }

  record Refused(String userId) implements ConsoleAccess {
  }

  /** @param sid the single sign-on session the member signed in with (ended by the console's logout) */
  record Staff(String userId, String email, StaffRole role, String sid) implements ConsoleAccess {
  }
}
