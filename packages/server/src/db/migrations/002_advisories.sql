-- The advisory store (DESIGN §2, §4 advisories; issue 9): OSV records as raw JSONB with their dates and
-- aliases, an index table keyed by (ecosystem, normalised package name) so that the advisories of a whole
-- graph are one indexed query, and the state of each advisory source (spec accounts-and-api §7 "databases").

CREATE TABLE advisories (
  id text PRIMARY KEY,
  modified timestamptz,
  published timestamptz,
  withdrawn timestamptz,
  aliases text[] NOT NULL DEFAULT '{}',
  raw jsonb NOT NULL,
  source text NOT NULL,
  imported_at timestamptz NOT NULL DEFAULT now()
);

-- ecosystem is ours (npm, maven, pypi, ...); name is normalised per ecosystem (npm exact, Maven
-- group:artifact, PyPI PEP 503). The primary key's leading (ecosystem, name) is the lookup index.
CREATE TABLE advisory_packages (
  ecosystem text NOT NULL,
  name text NOT NULL,
  advisory_id text NOT NULL REFERENCES advisories (id) ON DELETE CASCADE,
  PRIMARY KEY (ecosystem, name, advisory_id)
);
-- Replacing a record's rows on update looks them up by advisory.
CREATE INDEX advisory_packages_advisory ON advisory_packages (advisory_id);

CREATE TABLE advisory_sources (
  id text PRIMARY KEY,
  kind text NOT NULL DEFAULT 'osv',
  location text NOT NULL,
  status text NOT NULL DEFAULT 'NEVER_RUN',
  last_run_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  record_counts jsonb,
  warnings jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now()
);
