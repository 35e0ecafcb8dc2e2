/**
 * The help desk's staff and their console sessions: roles granted from the CLI, and the short sessions of the console that
 * are checked against the role, the account and its single sign-on session on every request.
 */
package io.lanyard.helpdesk.staff;
