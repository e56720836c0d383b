-- Registry metadata cache stored packed (issue 20 "Cold path near the floor"): the parsed document as
-- gzip'd JSON in `packed` instead of jsonb. PostgreSQL never looks inside the document, and building
-- jsonb of the 2,516 documents of a 3,000-component analysis (56 MB) cost ~21 s of CPU in the
-- embedded database and ~1 GB in its process; bytea is stored as sent (5 MB). New writes fill
-- `packed` and clear `document`; rows written before keep their jsonb `document` and stay readable.
-- STORAGE EXTERNAL: the value is compressed already, so TOAST does not try again.

ALTER TABLE package_metadata ADD COLUMN packed bytea;
ALTER TABLE package_metadata ALTER COLUMN packed SET STORAGE EXTERNAL;
