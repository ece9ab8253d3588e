-- Documents a buyer uploads for the proposal (identity, address and income proof of the
-- primary and secondary life). Each row is one whole file, written by one INSERT once the
-- body has arrived, so a cut-off upload leaves nothing. `id` is random and unguessable;
-- `content_type` is decided from the bytes (PDF, JPEG or PNG), never from the file's name.
CREATE TABLE documents (
  id text PRIMARY KEY,
  application_number text NOT NULL REFERENCES applications (application_number),
  life text NOT NULL CHECK (life IN ('primary', 'secondary')),
  kind text NOT NULL CHECK (kind IN ('identity', 'address', 'income')),
  name text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/png')),
  size integer NOT NULL CHECK (size > 0),
  sha256 text NOT NULL,
  body bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- An application's documents, found by its number; one file is kept once per slot (a second
-- upload of the same bytes for the same life and kind finds the first).
CREATE UNIQUE INDEX documents_application_idx ON documents (application_number, life, kind, sha256);
-- PDFs, JPEGs and PNGs are compressed already: stored out of line as they are, not tried again.
ALTER TABLE documents ALTER COLUMN body SET STORAGE EXTERNAL;
