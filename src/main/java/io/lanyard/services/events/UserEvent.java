package io.lanyard.services.events;

import io.lanyard.model.accounts.UserStatus;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;

import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * A change of an account, as webhooks tell it: ids and the names of changed fields, never a password, hash or token. The
 * account's current e-mail address is added when the event is written (but to {@code user.deleted}).
 *
 * @param creatorApplicationId the application the account was created through, when the caller knows it; else it is read
 *                             from the account as the event is written (it decides which self-scoped applications hear)
 * @param data the event's {@code data} object, before the address is added
 */
public record UserEvent(UUID id, EventType type, String userId, String creatorApplicationId, JsonObject data) {

  private static UserEvent of(EventType type, String userId, String creatorApplicationId, JsonObject data) {
    return new UserEvent(UUID.randomUUID(), type, userId, creatorApplicationId, data.put("userId", userId));
  }

  /** @param applicationId the application that created the account; null for an operator's account */
  public static UserEvent created(String userId, String applicationId, UserStatus status) {
    return of(EventType.USER_CREATED, userId, applicationId,
      new JsonObject().put("applicationId", applicationId).put("status", status.wireName()));
  }

  public static UserEvent activated(String userId) {
    return of(EventType.USER_ACTIVATED, userId, null, new JsonObject());
  }

  /**
   * @param applicationId the application that made the change; null for an operator's change
   * @param fields the names of the fields set or cleared
   */
  public static UserEvent profileUpdated(String userId, String applicationId, Collection<String> fields) {
    return of(EventType.USER_PROFILE_UPDATED, userId, null,
      new JsonObject().put("applicationId", applicationId).put("fields", new JsonArray(List.copyOf(fields))));
  }

  public static UserEvent emailChanged(String userId) {
    return of(EventType.USER_EMAIL_CHANGED, userId, null, new JsonObject());
  }

  public static UserEvent passwordChanged(String userId) {
    return of(EventType.USER_PASSWORD_CHANGED, userId, null, new JsonObject());
  }

  public static UserEvent disabled(String userId) {
    return of(EventType.USER_DISABLED, userId, null, new JsonObject());
  }

  /**
   * Record it before the account's row is erased, or give its creator: afterwards the row no longer says which application
   * created it.
   */
  public static UserEvent deleted(String userId, String creatorApplicationId) {
    return of(EventType.USER_DELETED, userId, creatorApplicationId, new JsonObject());
  }
}
