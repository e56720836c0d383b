-- Upload files stored once (issue 20 "Storage that does not grow without bound"): an analysis's files
-- (analysis_files) name their content by its SHA-256 digest, and each distinct content is stored once in
-- upload_blobs, however many uploads carry it (CI uploading the same lockfile on every push). Contents
-- already stored move into upload_blobs unchanged: nothing is lost. The foreign key keeps a blob that is
-- still referenced from ever being deleted (services/upload-files.repo.ts deletes only unreferenced ones).
CREATE TABLE upload_blobs (
  digest bytea PRIMARY KEY,
  content bytea NOT NULL,
  size integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO upload_blobs (digest, content, size)
  SELECT sha256(content), content, octet_length(content) FROM analysis_files
  ON CONFLICT (digest) DO NOTHING;
ALTER TABLE analysis_files ADD COLUMN digest bytea;
UPDATE analysis_files SET digest = sha256(content);
ALTER TABLE analysis_files
  DROP COLUMN content,
  ALTER COLUMN digest SET NOT NULL,
  ADD CONSTRAINT analysis_files_digest_fkey FOREIGN KEY (digest) REFERENCES upload_blobs (digest);
CREATE INDEX analysis_files_digest ON analysis_files (digest);
-- the sweep finds analyses that ended a while ago
CREATE INDEX analyses_finished ON analyses (finished_at) WHERE status IN ('DONE', 'FAILED');
