package io.lanyard.helpdesk.staff;

import java.time.Instant;

/**
 * A staff member as {@code staff list} shows them.
 *
 * @param status the account's state: only an active account signs in to the console
 * @param grantedBy who granted the role (an operator's login name)
 */
public record StaffMember(String userId, String email, StaffRole role, String status, Instant grantedAt, String grantedBy) {
}
