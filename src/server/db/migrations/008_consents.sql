-- Consents (issue 19 item 13, docs/design/consents.md; DPDP Act 2023 s.6): every consent a
-- visitor gives or withdraws, append-only. A row says what the visitor of an application
-- said (`granted`) to which consent (`kind`: 'contact', 'whatsapp', 'marketing'), to which
-- wording (`wording_version`, the first 16 hex digits of the SHA-256 of the exact text, kept
-- in consent_wordings so it stays readable after the plan's copy changes), when, and where
-- ('basic-details': the form's boxes on create or a save; 'preferences': the consent route).
-- The consent in force is the newest row of its kind. Rows are never changed or removed.
CREATE TABLE consent_wordings (
  version text PRIMARY KEY,
  kind text NOT NULL,
  wording text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE consents (
  id bigserial PRIMARY KEY,
  application_number text NOT NULL REFERENCES applications (application_number),
  kind text NOT NULL,
  granted boolean NOT NULL,
  wording_version text NOT NULL REFERENCES consent_wordings (version),
  source text NOT NULL CHECK (source IN ('basic-details', 'preferences')),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consents_application_kind_idx ON consents (application_number, kind, id DESC);

CREATE FUNCTION consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consents are append-only: record a new row instead';
END $$;
CREATE TRIGGER consents_append_only BEFORE UPDATE OR DELETE ON consents
  FOR EACH ROW EXECUTE FUNCTION consents_append_only();
CREATE TRIGGER consent_wordings_append_only BEFORE UPDATE OR DELETE ON consent_wordings
  FOR EACH ROW EXECUTE FUNCTION consents_append_only();

-- The outbox tells the CRM the consents in force of the application a lead belongs to
-- (src/server/consents/consentStore.ts consentsInForce), found by the lead id it holds.
CREATE INDEX applications_lead_idx ON applications (lead_id);
