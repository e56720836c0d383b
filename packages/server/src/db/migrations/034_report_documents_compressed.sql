-- Report documents stored compressed (issue 16 acceptance 6; DESIGN §2, §5 "stored compressed"):
-- new reports keep their document as gzip'd JSON in document_gz (services/report-document.ts) instead of
-- JSONB, which PostgreSQL spent ~65 ms parsing and compressing per 1 MB report on every live re-check.
-- The fields SQL reads from a document get columns of their own. Reports stored before keep their JSONB
-- document (no rewrite); every reader takes either form, and each row holds exactly one.
ALTER TABLE reports ALTER COLUMN document DROP NOT NULL;
ALTER TABLE reports ADD COLUMN document_gz bytea;
-- already compressed: no second attempt by TOAST
ALTER TABLE reports ALTER COLUMN document_gz SET STORAGE EXTERNAL;
ALTER TABLE reports ADD CONSTRAINT reports_document_stored
  CHECK ((document IS NULL) <> (document_gz IS NULL));
-- document->>'exclusionsFingerprint' (recompute state), document->'gate' (builds API),
-- document->'security'->'assessment'->'gaps' (re-assessment of branches built without advisory data)
ALTER TABLE reports ADD COLUMN exclusions_fingerprint text;
ALTER TABLE reports ADD COLUMN gate jsonb;
ALTER TABLE reports ADD COLUMN security_gaps jsonb;
