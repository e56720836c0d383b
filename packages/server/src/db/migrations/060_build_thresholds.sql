-- A CI build's own score minima (issue 15: `sextant scan --min-security/--min-stability/--min-licensing`
-- override the account's thresholds for that build). Kept on the build and on the analysis it starts,
-- which builds its report with them; NULL = the account's thresholds. Recompute does not copy them.
ALTER TABLE builds ADD COLUMN thresholds jsonb;
ALTER TABLE analyses ADD COLUMN thresholds jsonb;
