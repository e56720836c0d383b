-- Accounts get every feature of their plan (issue 14 "Plan and features agree"; spec report-page §6,
-- accounts-and-api §6; the catalogue is resources/accounts/plans.ts). New accounts are on the self-hosted
-- plan, so the column default is that plan's features (plans.test.ts checks it equals planFeatures).
-- Accounts whose features were never chosen (only the §6 'members' rule applied) get their plan's.
ALTER TABLE accounts ALTER COLUMN features SET DEFAULT
  '{teams,jira,slack,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}';

UPDATE accounts SET features = CASE plan
    WHEN 'self-hosted' THEN '{teams,jira,slack,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}'::text[]
    WHEN 'enterprise' THEN '{teams,jira,slack,rkvst,datadog,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}'::text[]
    WHEN 'team' THEN '{members,jira,slack,pdf,licenses,nextsafe,sbom,advancedsboms}'::text[]
    WHEN 'opensource' THEN '{members,pdf,licenses,nextsafe,sbom}'::text[]
  END
WHERE NOT is_default
  AND plan IN ('self-hosted', 'enterprise', 'team', 'opensource')
  AND features <@ '{members}'::text[];
