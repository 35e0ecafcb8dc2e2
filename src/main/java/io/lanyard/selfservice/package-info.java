/**
 * Feature wing: what a person does to their own account once it exists. {@code recovery} (forgotten password),
 * {@code credentials} (changing the password), {@code emailchange} (changing the address), {@code privacy} (export and
 * erasure). May import services, model and platform, never another feature wing.
 */
package io.lanyard.selfservice;
