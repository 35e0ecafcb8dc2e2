/**
 * Feature wing: what the help desk does for a visitor's account: finding it by part of an address or a name, lifting a
 * login lockout. The CLI's {@code users} commands call these operations today; the console will call the same ones. May
 * import services, model and platform, never another feature wing.
 */
package io.lanyard.helpdesk;
