package io.lanyard.web.pages;

/** Every hosted page the service serves under {@code /account/}, built by the bootstrap and mounted by the HTTP layer. */
public record HostedPages(PageTemplates templates, CommonPages common, PasswordLinkPages activation, PasswordLinkPages reset,
                          ForgotPasswordPages forgot, EmailConfirmPages email) {
}
