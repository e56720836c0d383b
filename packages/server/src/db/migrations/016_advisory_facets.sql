-- Facets of each advisory for the library lookups (spec accounts-and-api §7 GET /api/v1/vulns/{language};
-- issue 9 "Library lookups"): the engine's severity and CVSS base score, written by every import. Rows
-- stored before this migration are filled in by the server the first time a listing needs them
-- (advisories/lookups.repo.ts fillAdvisoryFacets). The listing pages newest-modified first.
ALTER TABLE advisories ADD COLUMN severity text, ADD COLUMN cvss real;
CREATE INDEX advisories_modified ON advisories (modified DESC NULLS LAST, id);
