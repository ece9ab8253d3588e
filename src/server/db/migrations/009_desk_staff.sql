-- The operations desk (issue 20): the insurer's staff who sign in at /desk/, and their sessions.
-- A password is kept only as its argon2id hash; a session only as the SHA-256 of the random
-- value its cookie holds, so neither a database copy nor a log can be used to sign in.
CREATE TABLE staff (
  id bigserial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz
);
CREATE UNIQUE INDEX staff_email_idx ON staff (lower(email));

CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES staff (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ended_at timestamptz
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);
