package io.lanyard.services.mail;

import java.util.Optional;

/** An application's template for one kind of mail in one language. */
public record MailTemplate(String applicationId, MailKind kind, String language, String subject, String text,
                           Optional<String> html) {
}
