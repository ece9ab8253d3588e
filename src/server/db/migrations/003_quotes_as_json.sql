-- Quotes (issue 10): a quote row is written once and read back whole (the answer, the benefit
-- illustration), never searched inside. Kept as `json` (the text as sent, checked but not
-- converted) and stored uncompressed, so pricing a quote does not spend its time converting
-- and compressing 16 KB of illustration tables: about a third of the cost on embedded PGlite.
ALTER TABLE quotes
  ALTER COLUMN request TYPE json USING request::json,
  ALTER COLUMN response TYPE json USING response::json;
ALTER TABLE quotes
  ALTER COLUMN request SET STORAGE EXTERNAL,
  ALTER COLUMN response SET STORAGE EXTERNAL;
