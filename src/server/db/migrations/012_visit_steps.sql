-- Funnel analytics (issue 20): what an anonymous visit did on each step of a plan's journey —
-- entered it, left it after `ms` milliseconds, or met a validation error on a form field. A
-- visit is a random id the browser makes; nothing here names a person: `field` is a form
-- field's path and `error_key` a validation keyword, never a value (the route's patterns
-- leave no room for one).
CREATE TABLE visit_steps (
  id bigserial PRIMARY KEY,
  visit_id text NOT NULL,
  product_id text NOT NULL,
  step text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('enter', 'leave', 'error')),
  field text,
  error_key text,
  ms integer CHECK (ms IS NULL OR ms >= 0),
  recorded_at timestamptz NOT NULL DEFAULT now()
);
-- The desk's funnel reads one plan over a range of days; the plan list counts visits of every plan in one.
CREATE INDEX visit_steps_product_time_idx ON visit_steps (product_id, recorded_at);
CREATE INDEX visit_steps_time_idx ON visit_steps (recorded_at);

-- The desk's leads show each lead's delivery, read from its outbox rows (topic = the lead's kind).
CREATE INDEX outbox_record_idx ON outbox (topic, record_id);
