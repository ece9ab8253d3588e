-- Quotes store their inputs and figures, not the illustration (issue 21). A quote row keeps the
-- request, the answer, what the illustration prints of the plan and the people, the
-- calculator's request and the version of the pricing basis it was priced on; the
-- illustration's tables are priced again from those when a PDF asks for them. A version is
-- the SHA-256 of the canonical JSON of what pricing read (the calculator's name, the plan's
-- basis file, the shared tables the basis names), stored here once, never changed: a later
-- change of a plan's basis makes a new version and leaves every issued quote's as it was.
-- Rows written before this migration hold their whole illustration and no version.
CREATE TABLE pricing_bases (
  version text PRIMARY KEY,
  product_id text NOT NULL,
  basis json NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE quotes ADD COLUMN basis_version text REFERENCES pricing_bases (version);
