-- Registry metadata cache (DESIGN §2 "Package metadata ... cached per registry with ETag and TTL";
-- issue 5 "Datasources"). One row per (registry, ecosystem, package): the PARSED metadata (versions
-- with dates, deprecation and licences; dist-tags; licence; repository), never the raw packument.
-- status: 200 = document held; 404 = the registry does not know the package (cached, shorter TTL);
-- anything else = the last fetch failed and no document was ever held (error says why; refetched).

CREATE TABLE package_metadata (
  registry text NOT NULL,
  ecosystem text NOT NULL,
  name text NOT NULL,
  etag text,
  fetched_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status integer NOT NULL,
  document jsonb,
  error text,
  PRIMARY KEY (registry, ecosystem, name)
);

-- For the metadata.refresh job (DESIGN §3): the entries to revalidate first.
CREATE INDEX package_metadata_expires ON package_metadata (expires_at);
