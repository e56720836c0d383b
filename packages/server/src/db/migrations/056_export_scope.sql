-- Downloads of the page's Production scope (issue 14 "Scope means scope", acceptance 4): an export lists
-- every dependency ('all') or the production ones only ('prod'), as the page did when it was asked for.
ALTER TABLE exports ADD COLUMN scope text NOT NULL DEFAULT 'all' CHECK (scope IN ('all', 'prod'));
