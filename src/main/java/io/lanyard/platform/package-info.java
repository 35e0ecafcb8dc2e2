/**
 * What the service stands on, knowing nothing of accounts: the database ({@code db}), configuration ({@code config}),
 * templates ({@code templates}) and small shared tools ({@code support}: logging, secrets, address ranges, P-256 ECDSA). Imports no other
 * wing.
 */
package io.lanyard.platform;
