-- The name people see on the hosted pages (the fair's name), beside the operator's unique name of the application.
ALTER TABLE applications ADD COLUMN display_name text;
