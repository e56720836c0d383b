-- A live re-check carries the stability and licensing sections over (issue 16 acceptance 6; engine
-- report/carry.ts): a report's gzip'd document (document_gz, migration 034) is stored as three gzip members,
-- the middle one the text `"stability":…,"licensing":…`, so that a later report built from the same inputs
-- copies those bytes in SQL instead of building, serialising and compressing the two sections again.
-- Readers are unchanged: gunzip reads the members one after the other, the same JSON as before.
-- * sections_gz_at, sections_gz_len: where that member is in document_gz (byte offset from 0, length);
-- * sections_head: the two sections without their per-component lists (engine sectionHeads), what the
--   carrying build needs of them (scores, assessments, summaries, licence violations);
-- * carry_key: digest of everything the two sections were built from (engine carryInputs); a build with
--   another key builds them;
-- * carried_from: the report whose build produced the sections, when this report carried them (null: built here).
-- Reports stored before have none of these and are never carried from.
ALTER TABLE reports ADD COLUMN sections_gz_at integer;
ALTER TABLE reports ADD COLUMN sections_gz_len integer;
ALTER TABLE reports ADD COLUMN sections_head json;
ALTER TABLE reports ADD COLUMN carry_key text;
ALTER TABLE reports ADD COLUMN carried_from uuid;
ALTER TABLE reports ADD CONSTRAINT reports_sections_carry
  CHECK ((sections_gz_at IS NULL) = (sections_gz_len IS NULL) AND (carry_key IS NULL OR sections_gz_at IS NOT NULL));
