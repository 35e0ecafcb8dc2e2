package io.lanyard.services;

import io.lanyard.model.accounts.AccountLinkRepository;
import io.lanyard.model.accounts.AccountRepository;
import io.lanyard.model.accounts.LoginFailures;
import io.lanyard.model.accounts.PasswordAttempts;
import io.lanyard.model.accounts.UserRepository;
import io.lanyard.model.api.Captcha;
import io.lanyard.model.applications.ApplicationDirectory;
import io.lanyard.model.audit.AuditTrail;
import io.lanyard.model.passwords.PasswordHasher;
import io.lanyard.platform.config.LanyardConfig;
import io.lanyard.platform.db.DbPools;
import io.lanyard.services.events.UserEvents;
import io.lanyard.services.idempotency.IdempotencyKeys;
import io.lanyard.services.lifecycle.AccountMail;
import io.lanyard.services.mail.Outbox;
import io.lanyard.services.mail.TemplateDirectory;
import io.lanyard.services.session.Sessions;
import io.lanyard.services.throttling.DeviceMarkers;
import io.micrometer.core.instrument.MeterRegistry;
import io.vertx.core.Vertx;

/**
 * What the running service shares among its feature wings, built once by the bootstrap. Each wing builds its own operations
 * from it ({@code SignupOperations.build}, {@code PartnerOperations.build}, ...), so that the bootstrap wires services, not
 * operations, and a new operation is added in its own wing.
 *
 * @param pools the pools by class of work: each wing picks the one of its work
 * @param attempts the password check of every route that takes a password, counted by the lockout {@code failures}
 * @param markers the signed device markers that exempt a known browser from a name's lockout
 */
public record ServiceParts(Vertx vertx, LanyardConfig config, DbPools pools, MeterRegistry metrics, UserRepository users,
                           AccountRepository accounts, AccountLinkRepository links, ApplicationDirectory applications,
                           TemplateDirectory templates, Outbox outbox, AccountMail mail, UserEvents events, AuditTrail audit,
                           Captcha captcha, IdempotencyKeys idempotencyKeys, PasswordHasher hasher,
                           PasswordAttempts attempts, LoginFailures failures, Sessions sessions, DeviceMarkers markers) {
}
