package io.lanyard.web;

import io.lanyard.model.api.Operation;
import io.vertx.core.http.HttpMethod;

/** One line of the route table: where, under which wire names, for whom, handled by what. */
public record Route(HttpMethod method, String path, String controller, String action, Access access, Operation operation) {
}
