-- Re-import of an unchanged advisory file (issue 20 "A store the size of OSV": ≤ 5 s at 220,000 records):
-- per source, the digest of the file its last complete import read, with that run's counts and warnings
-- and how many records the store then held from the source. The same file again, with the store still
-- holding as many records from the source, is answered from here without reading a record
-- (advisories/import-digest.ts). A row is removed when an import of the source starts reading records.
CREATE TABLE advisory_import_digests (
  source text PRIMARY KEY,
  digest text NOT NULL,
  records integer NOT NULL,
  counts jsonb NOT NULL,
  warnings jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);

-- The records stored from one source, counted by that check (without it, a scan of every record).
CREATE INDEX advisories_source ON advisories (source);
