-- Server-wide settings shared by every instance (e.g. the token signing key when none is configured).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One row per application; the whole saved journey state is kept as JSONB, the columns
-- are what lookups and rules need. `version` is the optimistic lock of every save.
CREATE TABLE applications (
  application_number text PRIMARY KEY,
  proposal_number text NOT NULL UNIQUE,
  product_id text NOT NULL,
  plan_code text NOT NULL,
  product_uin text,
  stage text NOT NULL DEFAULT 'basic-details',
  journey_flag boolean NOT NULL DEFAULT false,
  policy_start_date date,
  holder_mobile text,
  holder_country_code text,
  holder_dob date,
  holder_email text,
  lead_id text,
  state jsonb NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_holder_idx ON applications (holder_mobile, holder_dob);
CREATE INDEX applications_holder_email_idx ON applications (lower(holder_email));

-- Every lead, CRM, call-centre and stage push, as recorded (the outbox row carries delivery).
CREATE TABLE leads (
  id bigserial PRIMARY KEY,
  lead_id text UNIQUE,
  kind text NOT NULL,
  application_number text,
  product_id text,
  mobile text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX leads_application_idx ON leads (application_number);
CREATE INDEX leads_kind_created_idx ON leads (kind, created_at);

CREATE TABLE quotes (
  quote_number text PRIMARY KEY,
  application_number text,
  product_id text NOT NULL,
  request jsonb NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quotes_application_idx ON quotes (application_number);

CREATE TABLE payments (
  id bigserial PRIMARY KEY,
  application_number text NOT NULL,
  txnid text UNIQUE,
  mihpayid text UNIQUE,
  pay_mode text NOT NULL,
  status text NOT NULL,
  amount numeric(14, 2),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz
);
CREATE INDEX payments_application_idx ON payments (application_number);

CREATE TABLE callback_bookings (
  id bigserial PRIMARY KEY,
  application_number text,
  full_name text NOT NULL,
  mobile text NOT NULL,
  gender text,
  slot_date date,
  slot_id integer,
  lead_id text,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX callback_bookings_slot_idx ON callback_bookings (slot_date, slot_id);

CREATE TABLE pincodes (
  pincode char(6) PRIMARY KEY,
  city text NOT NULL,
  district text NOT NULL,
  state text NOT NULL
);

-- Transactional outbox: written in the same transaction as the record it announces;
-- the dispatcher delivers pending rows to the configured webhook with backoff.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  record_id bigint,
  payload jsonb NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX outbox_due_idx ON outbox (status, next_attempt_at);
