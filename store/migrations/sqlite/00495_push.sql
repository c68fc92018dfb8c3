-- Web Push: the browsers (devices) each user let the app notify, and the
-- durable queue of notifications to them. A message is for one
-- subscription and goes with it when the push service says the
-- subscription is gone.

-- +goose Up
CREATE TABLE push_subscriptions (
    id              INTEGER PRIMARY KEY,
    user_id         INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    endpoint        TEXT NOT NULL UNIQUE,
    p256dh          TEXT NOT NULL,
    auth            TEXT NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    last_success_at TIMESTAMP
);
CREATE INDEX push_subscriptions_user_id ON push_subscriptions (user_id);

CREATE TABLE push_messages (
    id              INTEGER PRIMARY KEY,
    subscription_id INTEGER NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    payload         TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TIMESTAMP NOT NULL,
    last_error      TEXT NOT NULL DEFAULT '',
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);
CREATE INDEX push_messages_due ON push_messages (next_attempt_at) WHERE status = 'pending';
CREATE INDEX push_messages_subscription_id ON push_messages (subscription_id);
CREATE INDEX push_messages_updated_at ON push_messages (updated_at) WHERE status <> 'pending';

-- +goose Down
DROP TABLE push_messages;
DROP TABLE push_subscriptions;
