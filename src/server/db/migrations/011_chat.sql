-- The chat answered by people (issue 20): a visitor's conversation with the operations desk.
-- The visitor's page holds a random key naming its conversation; the database keeps only the
-- key's SHA-256, so neither a database copy nor a log can be used to read or write a chat.
-- A conversation carries what the expert needs to answer: the plan, the step the visitor is on
-- and, once the visitor has shown its capability, the application.
CREATE TABLE chat_conversations (
  id bigserial PRIMARY KEY,
  key_hash text NOT NULL UNIQUE,
  application_number text REFERENCES applications (application_number),
  product_id text,
  step text,
  started_at timestamptz NOT NULL DEFAULT now(),
  last_message_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz,
  closed_by bigint REFERENCES staff (id)
);
CREATE INDEX chat_conversations_activity_idx ON chat_conversations (last_message_at DESC);

-- Messages in the order they were written: ids grow within a conversation in the order their
-- rows commit (a message is added under the conversation's row lock), so a visitor polling
-- for messages after the last id it has seen misses none.
CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id bigint NOT NULL REFERENCES chat_conversations (id),
  sender text NOT NULL CHECK (sender IN ('visitor', 'expert')),
  staff_id bigint REFERENCES staff (id),
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((sender = 'expert') = (staff_id IS NOT NULL))
);
CREATE INDEX chat_messages_conversation_idx ON chat_messages (conversation_id, id);
