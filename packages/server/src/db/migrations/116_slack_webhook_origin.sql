-- A Slack channel in webhook mode kept its webhook URL (the secret itself: its path is the credential)
-- in the plain column secret_url beside the sealed copy. Keep only the origin there, as the routes now
-- store it (notifications.routes.ts); the sealed secret still opens for that origin.
UPDATE notification_channels
SET secret_url = substring(secret_url from '^(https?://[^/?#]+)')
WHERE kind = 'slack'
  AND settings->>'mode' = 'webhook'
  AND secret_url ~ '^https?://[^/?#]+[/?#].';
