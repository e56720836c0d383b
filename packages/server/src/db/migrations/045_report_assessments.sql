-- Honest reports (issue 14 "Never fail open"): a domain that was not assessed, or only in part, has no
-- score (NULL, shown "n/a"), and its assessment state is kept beside the score for history, badges, lists
-- and the CI outcome. Documents stored before get the same shape: a section with assessed = false loses
-- its score of 100 and becomes 'none'; the others read 'complete' and are marked legacy_assessment, so the
-- re-assessment job recomputes the latest report of their branch from its stored graph (jobs/reassess).

ALTER TABLE reports
  ALTER COLUMN security_score DROP NOT NULL,
  ALTER COLUMN stability_score DROP NOT NULL,
  ALTER COLUMN licensing_score DROP NOT NULL,
  ADD COLUMN security_assessment text NOT NULL DEFAULT 'complete'
    CHECK (security_assessment IN ('complete', 'partial', 'none')),
  ADD COLUMN stability_assessment text NOT NULL DEFAULT 'complete'
    CHECK (stability_assessment IN ('complete', 'partial', 'none')),
  ADD COLUMN licensing_assessment text NOT NULL DEFAULT 'complete'
    CHECK (licensing_assessment IN ('complete', 'partial', 'none')),
  ADD COLUMN legacy_assessment boolean NOT NULL DEFAULT false;

-- One section of an old document in the new shape.
CREATE FUNCTION pg_temp.sx_upgrade_section(section jsonb, message text) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT section || jsonb_build_object(
    'score', CASE WHEN (section->>'assessed')::boolean THEN section->'score' ELSE 'null'::jsonb END,
    'assessment', jsonb_build_object(
      'state', CASE WHEN (section->>'assessed')::boolean THEN 'complete' ELSE 'none' END,
      'components', coalesce(section->'componentsCount', '0'::jsonb),
      'assessedComponents',
        CASE WHEN (section->>'assessed')::boolean THEN coalesce(section->'componentsCount', '0'::jsonb)
             ELSE '0'::jsonb END,
      'partialScore', 'null'::jsonb,
      'gaps', CASE WHEN (section->>'assessed')::boolean THEN '[]'::jsonb
                   ELSE jsonb_build_array(jsonb_build_object(
                     'kind', CASE WHEN message LIKE 'The advisory%' THEN 'no-advisory-data' ELSE 'missing-metadata' END,
                     'message', message,
                     'count', coalesce(section->'componentsCount', '0'::jsonb),
                     'examples', '[]'::jsonb)) END))
$$;

-- The domains an old document fails the gate on: below the minimum, or not assessed.
CREATE FUNCTION pg_temp.sx_failed(doc jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(jsonb_agg(d), '[]'::jsonb) FROM unnest(ARRAY['security', 'stability', 'licensing']) AS d
  WHERE NOT (doc->d->>'assessed')::boolean
     OR (doc->d->>'score')::real < (doc->'thresholds'->>d)::real
$$;

UPDATE reports SET
  legacy_assessment = true,
  security_assessment = CASE WHEN (document->'security'->>'assessed')::boolean THEN 'complete' ELSE 'none' END,
  stability_assessment = CASE WHEN (document->'stability'->>'assessed')::boolean THEN 'complete' ELSE 'none' END,
  licensing_assessment = CASE WHEN (document->'licensing'->>'assessed')::boolean THEN 'complete' ELSE 'none' END,
  security_score = CASE WHEN (document->'security'->>'assessed')::boolean THEN security_score END,
  stability_score = CASE WHEN (document->'stability'->>'assessed')::boolean THEN stability_score END,
  licensing_score = CASE WHEN (document->'licensing'->>'assessed')::boolean THEN licensing_score END,
  status = CASE WHEN status = 'OK' AND NOT (
      (document->'security'->>'assessed')::boolean AND (document->'stability'->>'assessed')::boolean
      AND (document->'licensing'->>'assessed')::boolean) THEN 'PARTIAL' ELSE status END,
  outcome = CASE WHEN jsonb_array_length(pg_temp.sx_failed(document)) > 0 THEN 'FAIL' ELSE outcome END,
  document = document || jsonb_build_object(
    'security', pg_temp.sx_upgrade_section(document->'security',
      'The advisory store held no advisories when this report was built: no component was checked for vulnerabilities.'),
    'stability', pg_temp.sx_upgrade_section(document->'stability',
      'Registry metadata could not be had: newer versions unknown.'),
    'licensing', pg_temp.sx_upgrade_section(document->'licensing',
      'Registry metadata could not be had: licences unknown.'),
    'summary', (document->'summary') || jsonb_build_object('unknownRelationships', 0),
    'gaps', '[]'::jsonb,
    'gate', jsonb_build_object('failed', pg_temp.sx_failed(document), 'partialFails', true))
WHERE NOT document ? 'gate';

-- The document's own status and outcome follow the columns (a section not assessed is PARTIAL, FAIL).
UPDATE reports SET document = document || jsonb_build_object('status', status, 'outcome', outcome)
WHERE legacy_assessment AND (document->>'status' <> status OR document->>'outcome' <> outcome);

-- PARTIAL documents list what is missing: the section gaps of the old document, with their domain.
UPDATE reports SET document = document || jsonb_build_object('gaps', (
  SELECT coalesce(jsonb_agg(g || jsonb_build_object('domains', jsonb_build_array(d))), '[]'::jsonb)
  FROM unnest(ARRAY['security', 'stability', 'licensing']) AS d,
       jsonb_array_elements(document->d->'assessment'->'gaps') AS g))
WHERE legacy_assessment AND status = 'PARTIAL';
