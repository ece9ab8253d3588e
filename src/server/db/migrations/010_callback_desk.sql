-- The desk's call-backs (issue 20): the step the visitor was on when they booked, and who
-- marked the call done, and when.
ALTER TABLE callback_bookings
  ADD COLUMN step text,
  ADD COLUMN done_at timestamptz,
  ADD COLUMN done_by bigint REFERENCES staff (id);
