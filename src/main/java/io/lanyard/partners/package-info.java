/**
 * Feature wing: what partner applications do with accounts. Reading and updating a profile with an application token, and
 * importing attendees in bulk ({@code imports}). May import services, model and platform, never another feature wing.
 */
package io.lanyard.partners;
