-- Enrichment data (DESIGN §2, §4 advisories "EPSS, KEV, CWE"; issue 9 "Enrichment"): FIRST's EPSS
-- scores and CISA's KEV catalogue keyed by CVE (one indexed lookup per analysis), MITRE's CWE names by
-- number, and the state of each enrichment source's last run (kept apart from the OSV advisory_sources,
-- whose ids the databases API syncs as OSV).

CREATE TABLE epss_scores (
  cve text PRIMARY KEY,
  -- Fractions 0-1 as FIRST publishes them; the page shows epss as a percentage.
  epss double precision NOT NULL,
  percentile double precision,
  score_date date
);

CREATE TABLE kev_entries (
  cve text PRIMARY KEY,
  date_added date,
  -- true = badge "Exploited" (knownRansomwareCampaignUse 'Known'), false = badge "Listed".
  exploited boolean NOT NULL,
  vendor_project text,
  product text,
  name text
);

CREATE TABLE cwe_names (
  id integer PRIMARY KEY,
  name text NOT NULL,
  description text
);

-- One row per kind ('epss', 'kev', 'cwe'); status as advisory_sources.
CREATE TABLE enrichment_sources (
  id text PRIMARY KEY,
  location text NOT NULL,
  status text NOT NULL DEFAULT 'NEVER_RUN',
  last_run_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  counts jsonb,
  warnings jsonb NOT NULL DEFAULT '[]',
  data_version text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
