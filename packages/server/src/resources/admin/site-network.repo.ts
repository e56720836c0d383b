// The addresses accounts configured for their integrations (issue 17 "Site network"): Jira sites, Datadog
// and DataTrails base addresses with how many accounts use each, and Slack channels' addresses (the
// webhook URL is the channel's secret: it is read here only to take its origin, never answered whole).
import type { Db } from '../../db/connection'

export interface ConfiguredAddress {
  service: 'jira' | 'datadog' | 'datatrails'
  baseUrl: string
  accounts: number
}

export async function integrationAddresses(db: Db): Promise<ConfiguredAddress[]> {
  const { rows } = await db.query<{
    service: ConfiguredAddress['service']
    base_url: string
    accounts: string
  }>(
    `SELECT 'jira' AS service, base_url, count(*) AS accounts FROM jira_account_configs GROUP BY base_url
     UNION ALL SELECT 'datadog', base_url, count(*) FROM datadog_setups GROUP BY base_url
     UNION ALL SELECT 'datatrails', base_url, count(*) FROM rkvst_credentials GROUP BY base_url
     ORDER BY 1, 2`,
  )
  return rows.map((r) => ({ service: r.service, baseUrl: r.base_url, accounts: Number(r.accounts) }))
}

export interface SlackChannelAddress {
  accountUuid: string
  /** The incoming-webhook URL (a secret) or null for a bot channel. */
  webhookUrl: string | null
  /** A bot channel's Web API address (settings, not secret); null for the default. */
  apiUrl: string | null
  bot: boolean
}

export async function slackAddresses(db: Db): Promise<SlackChannelAddress[]> {
  const { rows } = await db.query<{
    account_uuid: string
    secret_url: string | null
    mode: string | null
    api_url: string | null
  }>(
    `SELECT account_uuid, secret_url, settings->>'mode' AS mode, settings->>'apiUrl' AS api_url
       FROM notification_channels WHERE kind = 'slack'`,
  )
  return rows.map((r) => ({
    accountUuid: r.account_uuid,
    webhookUrl: r.mode === 'bot' ? null : r.secret_url,
    apiUrl: r.api_url,
    bot: r.mode === 'bot',
  }))
}
