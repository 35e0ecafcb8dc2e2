/**
 * The HTTP front door: the route table, the Kuzzle envelope, CORS, request ids and sources, the access log, and the hosted
 * pages' rendering ({@code pages}) and the server's own routes ({@code server}). Turns a request into a request record, calls
 * one operation of a feature wing, writes the reply. May import the feature wings and everything below them; only
 * {@code boot} imports it.
 */
package io.lanyard.web;
