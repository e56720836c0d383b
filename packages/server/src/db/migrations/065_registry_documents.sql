-- Registry documents (issue 18 "one datasource registry with one cache"; DESIGN §2 "cached per
-- registry with ETag and TTL"): documents a datasource asks to keep, by URL, shared by every
-- analysis, the resolvers and stability alike: POMs and maven-metadata.xml of Maven repositories.
-- status 200 = body held; 404 = the registry has no such document (kept for a shorter TTL).
-- expires_at NULL = never expires: a released artefact (a release POM) never changes once published.
-- A failed fetch is never stored: the row keeps what it held, answered as stale meanwhile.

CREATE TABLE registry_documents (
  url text PRIMARY KEY,
  status integer NOT NULL,
  body text,
  etag text,
  fetched_at timestamptz NOT NULL,
  expires_at timestamptz
);
