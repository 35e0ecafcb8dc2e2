package io.lanyard.web.server;

import io.lanyard.model.api.ApiRequest;

/** {@code GET /_healthCheck?probe=readiness|liveness}: the probe asked for, null for the default (readiness). */
public record HealthCheckRequest(String probe) {

  public static HealthCheckRequest from(ApiRequest request) {
    return new HealthCheckRequest(request.query().get("probe"));
  }
}
