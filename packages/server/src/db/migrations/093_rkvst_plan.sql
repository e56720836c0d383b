-- The asset-tracking integration now works on a self-hosted server, so it is part of that plan (plans.ts
-- EVERYTHING): the default of new accounts, and the accounts on the plan whose features are still exactly
-- the plan's (features an administrator chose are left as they are).
ALTER TABLE accounts ALTER COLUMN features SET DEFAULT
  '{teams,jira,slack,rkvst,datadog,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}';
UPDATE accounts SET features = '{teams,jira,slack,rkvst,datadog,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}'
WHERE NOT is_default AND plan = 'self-hosted'
  AND features = '{teams,jira,slack,datadog,isaac,pdf,chai,licenses,nextsafe,sbom,advancedsboms,securecodewarrior}'::text[];
