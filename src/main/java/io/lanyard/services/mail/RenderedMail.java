package io.lanyard.services.mail;

import java.util.Optional;

/** A mail ready for the outbox. */
public record RenderedMail(MailKind kind, String recipient, String subject, String text, Optional<String> html) {
}
