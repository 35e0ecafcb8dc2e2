package io.lanyard.services.events;

import java.util.List;

/** An application's webhook subscription, as the operator sees it (never its secret). */
public record Subscription(String id, String applicationId, String applicationName, String url, List<EventType> events) {
}
