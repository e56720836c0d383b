-- Issue 13 item 10: a public project made by an anonymous upload gets an upload key, shown once to its
-- creator; later anonymous uploads to the project must present it (header X-Upload-Key). Only its
-- SHA-256 digest is kept. Projects without one (all others, and public ones made before this) take no
-- anonymous upload at all.
ALTER TABLE projects ADD COLUMN upload_key_digest text;
