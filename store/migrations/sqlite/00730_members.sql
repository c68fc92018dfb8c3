-- The office: a company's members hold a role (member_role; drivers are
-- 'driver', today's owners 'owner'), may be suspended, and may be limited
-- to a group of its cards and vehicles. Invitations carry a role and a
-- group to an e-mail address; only the hash of their link's token is
-- kept. users.role stays the wire's authority (ROLE_COMPANY for every
-- office role, ROLE_USER for drivers).

-- +goose Up
CREATE TABLE member_groups (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
    created_at TIMESTAMP NOT NULL,
    UNIQUE (company_id, name)
);

ALTER TABLE users ADD COLUMN member_role TEXT NOT NULL DEFAULT 'driver'
    CHECK (member_role IN ('owner', 'admin', 'dispatcher', 'bookkeeper', 'driver'));
ALTER TABLE users ADD COLUMN member_status TEXT NOT NULL DEFAULT 'ACTIVE'
    CHECK (member_status IN ('ACTIVE', 'SUSPENDED'));
ALTER TABLE users ADD COLUMN group_id INTEGER REFERENCES member_groups (id) ON DELETE SET NULL;
UPDATE users SET member_role = 'owner' WHERE role = 'ROLE_COMPANY';

ALTER TABLE cards ADD COLUMN group_id INTEGER REFERENCES member_groups (id) ON DELETE SET NULL;
ALTER TABLE vehicles ADD COLUMN group_id INTEGER REFERENCES member_groups (id) ON DELETE SET NULL;

CREATE TABLE invitations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id  INTEGER NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    email       TEXT NOT NULL,
    member_role TEXT NOT NULL CHECK (member_role IN ('owner', 'admin', 'dispatcher', 'bookkeeper')),
    group_id    INTEGER REFERENCES member_groups (id) ON DELETE SET NULL,
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  INTEGER REFERENCES users (id) ON DELETE SET NULL,
    expires_at  TIMESTAMP NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    accepted_at TIMESTAMP,
    revoked_at  TIMESTAMP
);
CREATE INDEX invitations_company_id ON invitations (company_id);

-- +goose Down
DROP TABLE invitations;
ALTER TABLE vehicles DROP COLUMN group_id;
ALTER TABLE cards DROP COLUMN group_id;
ALTER TABLE users DROP COLUMN group_id;
ALTER TABLE users DROP COLUMN member_status;
ALTER TABLE users DROP COLUMN member_role;
DROP TABLE member_groups;
