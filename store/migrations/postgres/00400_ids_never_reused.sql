-- Ids are never reused. PostgreSQL's identity columns never hand out a value
-- twice already; the SQLite side of this version rebuilds companies, users
-- and cards with AUTOINCREMENT so both engines agree.

-- +goose Up
SELECT 1;

-- +goose Down
SELECT 1;
