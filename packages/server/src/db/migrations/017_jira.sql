-- The issue-tracker integration (accounts-and-api §7 "Issue tracker"; report-page §3 Advice.jira,
-- Report.jiraInfo): one Jira site per account (the API token encrypted at rest, services/secrets), one
-- Jira project per Sextant project, and the issues created from advices, one per project and advice.
CREATE TABLE jira_account_configs (
  account_uuid uuid PRIMARY KEY REFERENCES accounts (uuid) ON DELETE CASCADE,
  base_url text NOT NULL,
  email text NOT NULL,
  api_token_encrypted text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jira_project_configs (
  project_uuid uuid PRIMARY KEY REFERENCES projects (uuid) ON DELETE CASCADE,
  project_key text NOT NULL,
  issue_type text NOT NULL,
  labels text[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE jira_issues (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  advice_id text NOT NULL,
  report_uuid uuid NOT NULL,
  issue_id text NOT NULL,
  issue_key text NOT NULL,
  url text NOT NULL,
  summary text NOT NULL,
  issue_type text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_uuid, advice_id)
);
