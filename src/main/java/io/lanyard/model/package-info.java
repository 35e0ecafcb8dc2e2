/**
 * The vocabulary every wing speaks: the API's requests, results and status codes ({@code api}), accounts and their
 * repositories ({@code accounts}), applications ({@code applications}), passwords and their hashing ({@code passwords}), and
 * the audit trail ({@code audit}). May import platform only.
 */
package io.lanyard.model;
