-- Payments accounted for (issue 19, item 9; docs/api/payments.md "One open transaction",
-- "Refunds", "Server-to-server confirmation").

-- A transaction stays the gateway's record (`status` is what the gateway answered), but we may
-- stop offering it: `abandoned_at` and why (its checkout session ran out, the buyer switched pay
-- mode, the amount changed). `checked_at`: when verify_payment was last asked about it.
ALTER TABLE payments
  ADD COLUMN abandoned_at timestamptz,
  ADD COLUMN abandon_reason text,
  ADD COLUMN checked_at timestamptz;

-- One open transaction per application ('initiated' or 'pending', not abandoned). Rows from
-- before this rule: all but the newest open one of an application are abandoned first.
UPDATE payments p SET abandoned_at = now(), abandon_reason = 'superseded by a later transaction'
WHERE p.status IN ('initiated', 'pending')
  AND EXISTS (
    SELECT 1 FROM payments q
    WHERE q.application_number = p.application_number
      AND q.status IN ('initiated', 'pending')
      AND q.id > p.id
  );
CREATE UNIQUE INDEX payments_one_open_idx ON payments (application_number)
  WHERE status IN ('initiated', 'pending') AND abandoned_at IS NULL;
-- What reconciliation asks about: open at the gateway, oldest check first.
CREATE INDEX payments_unsettled_idx ON payments (checked_at NULLS FIRST, created_at)
  WHERE status IN ('initiated', 'pending');

-- A capture beyond the first success of an application (a late success of an abandoned
-- transaction, a Bima-ASBA mandate approved after an online payment): never a second charge of
-- the application, but money to give back. One row per such transaction; operations move
-- `state` on from 'due' once the gateway has refunded (or released the block).
CREATE TABLE refunds (
  id bigserial PRIMARY KEY,
  application_number text NOT NULL,
  txnid text NOT NULL UNIQUE,
  mihpayid text,
  pay_mode text NOT NULL,
  amount numeric(14, 2) NOT NULL,
  -- The successful payment the application keeps.
  kept_txnid text NOT NULL,
  reason text NOT NULL,
  state text NOT NULL DEFAULT 'due' CHECK (state IN ('due', 'requested', 'refunded', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_state_idx ON refunds (state, created_at);
CREATE INDEX refunds_application_idx ON refunds (application_number);

-- The built-in sandbox gateway's own memory (src/server/api/payments/sandbox/sandboxStore.ts):
-- what each transaction posted to it reached, so it answers verify_payment as PayU does and
-- a Bima-ASBA mandate can be approved later "in the UPI app". Never read by the merchant side.
CREATE TABLE payu_sandbox_transactions (
  txnid text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('online', 'basba')),
  -- 'in progress' until the tester chooses, then PayU's status.
  status text NOT NULL CHECK (status IN ('in progress', 'success', 'failure', 'pending')),
  form jsonb NOT NULL,
  answer jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
