// The site network view (spec accounts-and-api §7 "GET /admin/server/site/network", issue 17 "Site
// network"; DESIGN §7): the outside services this instance is set up to reach, each with its base address
// and what the one outbound client last saw of its origin (in memory per process: http-client/outcomes.ts),
// and the SSRF policy and proxy in force. Every address passes redactUrl; Slack channels are shown by
// origin only (a webhook URL's path is its secret); credentials are only ever counted.
import type { SiteNetwork, SiteService } from '@sextant/contract'
import { DEFAULT_ADVISORY_SOURCES, isUrlLocation } from '../../advisories/sources'
import type { Config } from '../../config'
import type { Db } from '../../db/connection'
import { type OutboundClient, originKey, REFUSED_RANGES, redactUrl } from '../../http-client'
import { SLACK_API } from '../../notifications/channels/slack'
import { integrationAddresses, slackAddresses } from './site-network.repo'

type Listed = Omit<SiteService, 'lastSuccessAt' | 'lastStatus' | 'lastError'> & {
  /** Where the client records this service's outcomes, when not its base address (SMTP's tunnel). */
  probe?: string
}

const LABELS: Record<SiteService['service'], string> = {
  advisories: 'OSV advisory source',
  enrichment: 'Enrichment source',
  'npm-registry': 'npm registry',
  'maven-repository': 'Maven repository',
  smtp: 'SMTP server (notification e-mails)',
  slack: 'Slack',
  jira: 'Jira site',
  datadog: 'Datadog',
  datatrails: 'DataTrails',
  assistant: 'Assistant (chat completions)',
}

const entry = (
  service: SiteService['service'],
  baseUrl: string,
  reach: SiteService['reach'],
  accounts: number | null = null,
  probe?: string,
): Listed => ({
  service,
  label: LABELS[service],
  baseUrl: redactUrl(baseUrl),
  reach,
  accounts,
  ...(probe ? { probe } : {}),
})

/** nodemailer's default ports: 465 for smtps:, else 587. */
function smtpEntry(smtpUrl: string): Listed | null {
  try {
    const url = new URL(smtpUrl)
    const port = url.port || (url.protocol === 'smtps:' ? '465' : '587')
    const shown = `${url.protocol}//${url.hostname}:${port}`
    return entry('smtp', shown, 'any', null, `tcp://${url.hostname}:${port}`)
  } catch {
    return null
  }
}

/** The services of the instance's own settings (exported for the test of addresses from Config). */
export function instanceServices(config: Config): Listed[] {
  const list: Listed[] = []
  // The scheduled syncs download operator-configured sources with private addresses allowed.
  for (const source of config.advisorySources ?? DEFAULT_ADVISORY_SOURCES)
    if (isUrlLocation(source)) list.push(entry('advisories', source, 'any'))
  for (const source of [config.epssSource, config.kevSource, config.cweSource])
    if (source && isUrlLocation(source)) list.push(entry('enrichment', source, 'any'))
  if (!config.offline) {
    list.push(entry('npm-registry', config.npmRegistry, 'any'))
    for (const repo of config.mavenRepositories) list.push(entry('maven-repository', repo, 'any'))
  }
  const smtp = config.smtpUrl ? smtpEntry(config.smtpUrl) : null
  if (smtp) list.push(smtp)
  if (config.assistant) list.push(entry('assistant', config.assistant.completionsUrl, 'any'))
  return list
}

async function accountServices(db: Db, reach: SiteService['reach']): Promise<Listed[]> {
  const list = (await integrationAddresses(db)).map((a) => entry(a.service, a.baseUrl, reach, a.accounts))
  const slack = new Map<string, Set<string>>()
  for (const channel of await slackAddresses(db)) {
    const address = channel.bot ? (channel.apiUrl ?? SLACK_API) : channel.webhookUrl
    const origin = address ? originKey(address) : null
    if (!origin) continue
    const accounts = slack.get(origin) ?? new Set<string>()
    accounts.add(channel.accountUuid)
    slack.set(origin, accounts)
  }
  for (const [origin, accounts] of [...slack].sort()) list.push(entry('slack', origin, reach, accounts.size))
  return list
}

export async function siteNetwork(db: Db, config: Config, outbound: OutboundClient): Promise<SiteNetwork> {
  const reach = config.allowPrivateIntegrations ? 'any' : 'public'
  const listed = [...instanceServices(config), ...(await accountServices(db, reach))]
  const iso = (d: Date | null) => d?.toISOString() ?? null
  const proxy = config.outbound.proxy
  return {
    recordedSince: outbound.outcomes.since.toISOString(),
    policy: {
      refusedRanges: [...REFUSED_RANGES],
      allowPrivateRepositories: config.allowPrivateRepositories,
      allowLocalRepositories: config.allowLocalRepositories,
      allowPrivateIntegrations: config.allowPrivateIntegrations,
      offline: config.offline,
      redirects:
        'Not followed unless a caller asks (GET and HEAD only); each hop is checked again, https never downgrades to http, credentials stay with their origin.',
      proxy: {
        httpProxy: proxy.httpProxy && redactUrl(proxy.httpProxy),
        httpsProxy: proxy.httpsProxy && redactUrl(proxy.httpsProxy),
        noProxy: proxy.noProxy,
      },
      extraCaCerts: config.outbound.extraCaCerts !== null,
      credentialedHosts: config.outbound.credentials.length,
    },
    services: listed.map(({ probe, ...service }) => {
      const seen = outbound.outcomes.of(probe ?? service.baseUrl)
      return {
        ...service,
        lastSuccessAt: iso(seen?.lastSuccessAt ?? null),
        lastStatus: seen?.lastStatus ?? null,
        lastError: seen?.lastError
          ? { message: seen.lastError.message, at: seen.lastError.at.toISOString() }
          : null,
      }
    }),
  }
}
