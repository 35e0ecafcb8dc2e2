package io.lanyard.web;

import io.lanyard.model.api.ApiError;
import io.lanyard.model.api.Reply;
import io.vertx.core.Handler;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.HttpException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Set;

/**
 * The router's own failures, answered with the envelope like everything else (on the hosted pages' paths, with a page):
 * never a framework page.
 */
final class RouterFailures {

  static final ApiError INVALID_QUERY = ApiError.badRequest("Unable to parse the query string", "api.assert.invalid_query");

  private static final Logger log = LoggerFactory.getLogger(RouterFailures.class);

  private RouterFailures() {
  }

  static void install(Router router, long bodyLimit, AccountPages pages) {
    // a connection closed mid-request (the client left, or was cut for reading too slowly) is no failure of ours: the access
    // log says "closed", and there is no one to answer
    router.route().failureHandler(context -> {
      if (!context.response().closed()) {
        context.next();
      }
    });
    router.errorHandler(404, orPage(pages, 404, RouterFailures::notFound));
    AllowedMethods allowed = new AllowedMethods(router);
    router.errorHandler(405, orPage(pages, 405, context -> methodNotAllowed(context, allowed)));
    router.errorHandler(413, orPage(pages, 413,
      context -> Replies.write(context, null, null, Reply.error(ApiError.tooLarge(bodyLimit)))));
    router.errorHandler(400, orPage(pages, 400, RouterFailures::badRequest));
    router.errorHandler(500, orPage(pages, 500, RouterFailures::unexpected));
  }

  /** On a page's path a refusal is a page; elsewhere, the envelope. */
  private static Handler<RoutingContext> orPage(AccountPages pages, int status, Handler<RoutingContext> envelope) {
    return context -> {
      if (AccountPages.covers(context.request().path())) {
        pages.refuse(context, status);
      } else {
        envelope.handle(context);
      }
    };
  }

  /** The framework's 400s: a query string it could not decode (the body handler reads it too), else a body. */
  private static void badRequest(RoutingContext context) {
    ApiError error = ApiError.unparsableBody();
    try {
      context.queryParams();
    } catch (IllegalArgumentException | HttpException e) {
      error = INVALID_QUERY;
    }
    Replies.write(context, null, null, Reply.error(error));
  }

  private static void notFound(RoutingContext context) {
    Replies.write(context, null, null, Reply.error(ApiError.urlNotFound(context.request().path())));
  }

  /** RFC 9110 §15.5.6: a 405 names the methods the path is served with (docs/decisions.md §11). */
  private static void methodNotAllowed(RoutingContext context, AllowedMethods allowed) {
    Set<String> methods = allowed.of(context.normalizedPath());
    if (methods.isEmpty()) {
      notFound(context);
      return;
    }
    context.response().putHeader(HttpHeaders.ALLOW, String.join(", ", methods));
    Replies.write(context, null, null,
      Reply.error(ApiError.methodNotAllowed(context.request().method().name(), context.request().path())));
  }

  private static void unexpected(RoutingContext context) {
    log.error("Unhandled failure on {} {}", context.request().method(), context.request().path(), context.failure());
    Replies.write(context, null, null, Reply.error(ApiError.internal()));
  }
}
