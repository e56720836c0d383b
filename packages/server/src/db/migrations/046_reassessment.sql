-- New advisory data reaches old reports (issue 14; DESIGN §3 "When advisories change, the branches whose
-- packages the changed records touch are re-assessed from their stored graphs"):
-- * branch_packages: the packages (ecosystem, normalised name, as in advisory_packages) of each branch's
--   latest report, written with the report; the other side of the advisory index.
-- * advisory_changes: the packages named by advisories inserted or updated (before and after the
--   change) and not yet re-assessed; every import writes them in the transaction that stores the
--   records, the advisories.reassess job consumes them.
-- * branches.out_of_date_*: when and why the latest report of the branch stopped being current
--   (the spec's recompute notice); a newer report clears it by being newer.

CREATE TABLE branch_packages (
  project_uuid uuid NOT NULL REFERENCES projects (uuid) ON DELETE CASCADE,
  branch text NOT NULL,
  ecosystem text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (ecosystem, name, project_uuid, branch)
);
CREATE INDEX branch_packages_branch ON branch_packages (project_uuid, branch);

CREATE TABLE advisory_changes (
  advisory_id text NOT NULL,
  ecosystem text NOT NULL,
  name text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (advisory_id, ecosystem, name)
);
CREATE INDEX advisory_changes_changed ON advisory_changes (changed_at);

ALTER TABLE branches
  ADD COLUMN out_of_date_since timestamptz,
  ADD COLUMN out_of_date_reason text CHECK (out_of_date_reason IN ('advisories', 'assessment'));
