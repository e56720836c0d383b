-- The public projects of every account, newest first (GET /api/v1/projects/public, issue 14 "Navigation"):
-- one partial index scan, however many private projects the server holds.
CREATE INDEX projects_public_newest ON projects (created_at DESC, uuid) WHERE is_public;
