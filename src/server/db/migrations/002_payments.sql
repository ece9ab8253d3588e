-- Payments (issue 5): what the gateway answered, in columns operations can query, and when the
-- row last changed. `status` is 'initiated' until the gateway answers, then 'success',
-- 'failure' or 'pending'; a 'success' is final (settled_at set once).
ALTER TABLE payments
  ADD COLUMN product_id text,
  ADD COLUMN mode text,
  ADD COLUMN basba_status text,
  ADD COLUMN error_message text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX payments_application_status_idx ON payments (application_number, status);
