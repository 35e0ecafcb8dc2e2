package io.lanyard.model.api;

import io.vertx.core.Future;

/** One API action. A failed future means something broke; expected outcomes are succeeded replies. */
@FunctionalInterface
public interface Operation {

  Future<Reply> handle(ApiRequest request);
}
