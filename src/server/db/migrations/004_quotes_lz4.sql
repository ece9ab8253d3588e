-- Quotes on PostgreSQL (issue 10): compressed with lz4, which costs a few microseconds per
-- quote, where 003's uncompressed 16 KB went out of line in eight TOAST chunks, each a row,
-- an index entry and WAL of its own: lz4 makes it about 3 KB and the insert a fifth cheaper.
-- Where the server has no lz4 (PGlite's build, PostgreSQL built without it) the columns stay
-- as 003 left them: pglz would cost more than it saves.
DO $$
BEGIN
  ALTER TABLE quotes
    ALTER COLUMN request SET STORAGE EXTENDED,
    ALTER COLUMN request SET COMPRESSION lz4,
    ALTER COLUMN response SET STORAGE EXTENDED,
    ALTER COLUMN response SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END $$;
