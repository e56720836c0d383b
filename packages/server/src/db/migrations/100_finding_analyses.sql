-- Analysis states of findings (issue 19 "Analysis states"; CycloneDX VEX, Dependency-Track's audit
-- model): the current analysis of one finding (component × advisory) per project and branch, the
-- exclusion it made when its state silences the finding, and the audit trail (who, when, what changed).

CREATE TABLE finding_analyses (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  language text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  advice_id text NOT NULL,
  state text NOT NULL,
  justification text,
  responses jsonb NOT NULL DEFAULT '[]',
  detail text NOT NULL DEFAULT '',
  -- YYYY-MM-DD: the exclusion applies through that day, then the finding counts again
  expires date,
  -- the exclusion this analysis made (states resolved, false_positive, not_affected); NULL otherwise
  exclusion_id text REFERENCES exclusions (id) ON DELETE SET NULL,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_uuid, branch, language, name, version, advice_id)
);

CREATE TABLE finding_analysis_events (
  id bigserial PRIMARY KEY,
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  language text NOT NULL,
  name text NOT NULL,
  version text NOT NULL,
  advice_id text NOT NULL,
  -- the member who changed it (membership uuid and e-mail at the time), NULL for an import by the system
  actor_uuid text,
  actor_email text,
  at timestamptz NOT NULL DEFAULT now(),
  -- [{field, from, to}] (engine analysisChanges), plus how: 'triage', 'vex-import', 'exclusion-removed'
  changes jsonb NOT NULL,
  via text NOT NULL
);
CREATE INDEX finding_analysis_events_finding
  ON finding_analysis_events (project_uuid, branch, language, name, version, advice_id, id);
