-- The advisory store at OSV's size (issue 20 "A store the size of OSV"): the lookups not yet served by an
-- index. Numbered before 115 (the id and alias indexes) but independent of it.
--
-- By CWE: GET /api/v1/vulns/{language}?cwe= filters on the record's database_specific.cwe_ids, trimmed
-- and upper-cased (advisories/lookups.repo.ts). The same reading as an immutable function, so that a GIN
-- index holds it; without the index the filter read every record's JSON. No pending list (fastupdate
-- off): the embedded database runs no autovacuum, and a lookup would otherwise read the whole list.
CREATE FUNCTION sx_advisory_cwes(raw jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(DISTINCT upper(trim(c))), '{}')
        FROM jsonb_array_elements_text(CASE jsonb_typeof(raw->'database_specific'->'cwe_ids')
          WHEN 'array' THEN raw->'database_specific'->'cwe_ids' ELSE '[]'::jsonb END) AS c $$;

CREATE INDEX advisories_cwes ON advisories USING gin (sx_advisory_cwes(raw)) WITH (fastupdate = off);

-- The store's stamp (max(imported_at)): the listing keeps the count of a filter until an import changes
-- a record, instead of counting the whole ecosystem for every page.
CREATE INDEX advisories_imported_at ON advisories (imported_at);
