-- Mail templates per application, kind and language, managed with the CLI.
CREATE TABLE mail_templates (
  application_id  uuid        NOT NULL CONSTRAINT mail_templates_application_fkey REFERENCES applications (id) ON DELETE CASCADE,
  kind            text        NOT NULL,
  language        text        NOT NULL,
  subject         text        NOT NULL,
  text_body       text        NOT NULL,
  html_body       text,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mail_templates_pkey PRIMARY KEY (application_id, kind, language),
  CONSTRAINT mail_templates_kind_check CHECK (kind IN ('account_link', 'welcome')),
  CONSTRAINT mail_templates_language_check CHECK (language IN ('fre-FR', 'eng-GB'))
);
