-- Renewal e-mandates (docs/design/proposal.md, "Bank: IFSC and the e-mandate"): one row per
-- mandate form handed to the browser (our `mandate_id`, 'BFM…'), changed only by the
-- gateway's verified answer. `status` is 'initiated' until it answers, then 'success' (final:
-- `umrn` and `settled_at` set once) or 'failure'. `payload` keeps the form and every answer.
CREATE TABLE mandates (
  id bigserial PRIMARY KEY,
  application_number text NOT NULL,
  mandate_id text NOT NULL UNIQUE,
  umrn text UNIQUE,
  status text NOT NULL CHECK (status IN ('initiated', 'success', 'failure')),
  max_amount numeric(14, 2) NOT NULL,
  frequency text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX mandates_application_idx ON mandates (application_number);
