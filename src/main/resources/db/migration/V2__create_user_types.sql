-- The ordered list served by getAllUserTypes, managed with the CLI.
CREATE TABLE user_types (
  position  integer PRIMARY KEY,
  name      text    NOT NULL,
  CONSTRAINT user_types_name_key UNIQUE (name)
);
