-- GET /stats/public-vulns.json (issue 16; spec accounts-and-api §7): the advisories published recently,
-- newest first, read through this index instead of the whole store.
CREATE INDEX advisories_published ON advisories (published DESC, id) WHERE published IS NOT NULL AND withdrawn IS NULL;
