/**
 * The entry: starting the service ({@code Lanyard}), wiring the wings together ({@code Wiring}) and the operator's CLI
 * ({@code cli}, whose {@code Main} is the jar's entry). The only wing that may import every other; nothing imports it.
 */
package io.lanyard.boot;
