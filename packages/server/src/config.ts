// Server configuration from the environment (issue 2 "Server"), validated once at start-up.
// A bad value stops the start with a message naming the variable; see README "Configuration".
import { isIP } from 'node:net'
import { resolve } from 'node:path'
import { z } from 'zod'
import { DEFAULT_DATA_DIR, dataDirOf } from './config-database'
import { ConfigError } from './config-error'
import { DEFAULT_EPSS_SOURCE, DEFAULT_KEV_SOURCE, sourceSetting } from './enrichment/sources'
import { type OutboundSettings, readOutboundSettings, redactUrl } from './http-client'

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An address, a CIDR range or one of proxy-addr's names (what Fastify's trustProxy accepts). */
function isProxyEntry(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true
  const [address, bits, extra] = entry.split('/')
  const family = isIP(address ?? '')
  if (!family || extra !== undefined) return false
  if (bits === undefined) return true
  const n = Number(bits)
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128)
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEXTANT_DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  SEXTANT_ADMIN_EMAIL: z.email().optional(),
  SEXTANT_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  SEXTANT_BOOTSTRAP_TOKEN: z.uuid('must be a UUID').optional(),
  SEXTANT_BODY_LIMIT_MB: z.coerce.number().positive().max(1024).default(50),
  SEXTANT_UPLOAD_MAX_FILES: z.coerce.number().int().positive().max(10_000).default(500),
  // Proxies whose X-Forwarded-For is believed (issue 13 item 13); none by default: the client address
  // is the TCP peer, so nobody can choose the address the sign-in rate limit counts against.
  SEXTANT_TRUSTED_PROXIES: z
    .string()
    .refine(
      (text) => splitList(text).every(isProxyEntry),
      'must be comma-separated addresses or CIDR ranges (e.g. 10.0.0.0/8, ::1), or loopback, linklocal, uniquelocal',
    )
    .optional(),
  // GET /metrics (issue 18): with a token, only `Authorization: Bearer <token>` scrapes it (a Prometheus
  // scrape job's credentials, good for nothing else); without one, only system administrators.
  SEXTANT_METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  // Who may become a user (issue 13 item 7): closed (default: the first administrator and invited
  // members), invite (sign-up only re-sends an address its invitations) or open (anyone, by e-mail link).
  SEXTANT_REGISTRATION: z
    .enum(['closed', 'invite', 'open'], 'must be closed, invite or open')
    .default('closed'),
  SEXTANT_SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  SEXTANT_REPORT_CACHE_MB: z.coerce.number().min(0).max(4096).default(64),
  SEXTANT_JOB_CONCURRENCY: z.coerce.number().int().positive().max(64).default(2),
  SEXTANT_RECOMPUTE_CONCURRENCY: z.coerce.number().int().positive().max(64).default(6),
  SEXTANT_WEB_DIR: z.string().optional(),
  SEXTANT_SERVE_WEB: bool.default(true),
  SEXTANT_ADVISORY_SOURCES: z.string().optional(),
  SEXTANT_ADVISORY_SYNC_HOURS: z.coerce.number().positive().default(24),
  SEXTANT_EPSS_SOURCE: z.string().optional(),
  SEXTANT_KEV_SOURCE: z.string().optional(),
  SEXTANT_CWE_SOURCE: z.string().optional(),
  SEXTANT_NPM_REGISTRY: z.url('must be an http(s) URL').default('https://registry.npmjs.org/'),
  SEXTANT_MAVEN_REPOSITORIES: z.string().default('https://repo.maven.apache.org/maven2/'),
  SEXTANT_METADATA_TTL_HOURS: z.coerce.number().positive().default(24),
  SEXTANT_OFFLINE: bool.default(false),
  SEXTANT_ALLOW_PRIVATE_REPOSITORIES: bool.default(false),
  SEXTANT_ALLOW_LOCAL_REPOSITORIES: bool.default(false),
  SEXTANT_GIT_TIMEOUT_SECONDS: z.coerce.number().positive().max(3600).default(120),
  // The outbound client (issue 18 item 3; docs/security.md "Outbound requests"): proxies, extra CAs and
  // registry credentials, read and checked by http-client/settings.ts.
  HTTP_PROXY: z.string().optional(),
  http_proxy: z.string().optional(),
  HTTPS_PROXY: z.string().optional(),
  https_proxy: z.string().optional(),
  NO_PROXY: z.string().optional(),
  no_proxy: z.string().optional(),
  NODE_EXTRA_CA_CERTS: z.string().min(1).optional(),
  SEXTANT_NPM_TOKEN: z.string().min(1).optional(),
  SEXTANT_NPMRC: z.string().min(1).optional(),
  SEXTANT_MAVEN_SETTINGS: z.string().min(1).optional(),
  // Mail, SMS and the secrets key (issue 18 item 5: Config is the one reader of the environment).
  SEXTANT_SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  SEXTANT_MAIL_FROM: z.string().min(3).optional(),
  SEXTANT_PUBLIC_URL: z.url('must be the http(s) URL users reach Sextant at').optional(),
  SEXTANT_SMS_OUTBOX: z.string().min(1).optional(),
  SEXTANT_SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (32 bytes)')
    .optional(),
  // The AI assistant (accounts-and-api §7 "Assistant chat service"): any OpenAI-compatible
  // chat-completions endpoint. Without a URL the feature is off (ping 503, conversation routes 503).
  SEXTANT_ASSISTANT_URL: z.url('must be the http(s) base URL of an OpenAI-compatible API').optional(),
  SEXTANT_ASSISTANT_API_KEY: z.string().min(1).optional(),
  SEXTANT_ASSISTANT_MODEL: z.string().min(1).default('gpt-4o-mini'),
  SEXTANT_ASSISTANT_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(60),
  SEXTANT_ASSISTANT_MAX_QUESTIONS: z.coerce.number().int().positive().max(200).default(20),
  // The issue-tracker integration (accounts-and-api §7 "Issue tracker"): the Jira sites accounts
  // configure are reached under the SSRF rule (DESIGN §7) unless the operator allows private addresses.
  SEXTANT_ALLOW_PRIVATE_INTEGRATIONS: bool.default(false),
  SEXTANT_JIRA_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  // The metrics and asset-tracking integrations (issue 17): one request's time-out, and how often the
  // scheduled job sends every scheduled account's metrics to Datadog (0 = never; send-now still works).
  SEXTANT_INTEGRATION_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(15),
  SEXTANT_DATADOG_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
  // Instance licences (issue 17): the licence issuer's Ed25519 public key, PEM (SPKI) or the base64 of
  // its 32 raw bytes; unset, no licence can be installed and every account runs the self-hosted plan.
  SEXTANT_LICENCE_PUBLIC_KEY: z.string().min(1).optional(),
  // Notifications (issue 16): first retry delay of a failed send (doubled each retry), attempts in all,
  // and when the daily digests go out (five-field cron, UTC).
  SEXTANT_NOTIFY_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SEXTANT_NOTIFY_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  SEXTANT_NOTIFY_DIGEST_CRON: z
    .string()
    .regex(/^\S+( \S+){4}$/, 'must be a five-field cron expression')
    .default('0 7 * * *'),
  // The sextant client (accounts-and-api §7 GET /api/v1/cli): where users get it, the oldest accepted.
  SEXTANT_CLI_DOWNLOAD_URL: z.url('must be the http(s) URL the sextant client is downloaded from').optional(),
  SEXTANT_CLI_MINIMUM_VERSION: z
    .string()
    .regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/, 'must be a version such as 0.1.0')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type RegistrationMode = 'closed' | 'invite' | 'open'

export interface Config {
  port: number
  host: string
  databaseUrl: string | null
  dataDir: string
  adminEmail: string | null
  adminPassword: string | null
  bootstrapToken: string | null
  bodyLimitBytes: number
  uploadMaxFiles: number
  sessionTtlMs: number
  /** Bearer token that scrapes /metrics; null: system administrators only. */
  metricsToken: string | null
  /** Who may sign up (issue 13 item 7); every sign-up and invitation is confirmed by an e-mailed link. */
  registration: RegistrationMode
  /** Addresses and CIDR ranges of reverse proxies whose X-Forwarded-For names the client; empty: none. */
  trustedProxies: string[]
  jobConcurrency: number
  /**
   * Recomputes (live re-checks after an advisory sync, issue 16) one process runs at once: each waits
   * mostly on its ~25 PostgreSQL round trips, not on this process's CPU, so more of them overlap.
   */
  recomputeConcurrency: number
  /** In-memory cache of immutable report documents (text + gzip), per process. */
  reportCacheMb: number
  webDir: string | null
  serveWeb: boolean
  logLevel: string
  /** Comma-separated OSV sources (files, folders, zips, JSONL, URLs); null = OSV's public npm and Maven exports. */
  advisorySources: string[] | null
  advisorySyncIntervalMs: number
  /** EPSS, KEV and CWE sources (a file or an http(s) URL); null = disabled. Synced like the advisories. */
  epssSource: string | null
  kevSource: string | null
  cweSource: string | null
  /** Without credentials (they are in `outbound.credentials`): safe to show and to store. */
  npmRegistry: string
  /** Without credentials, after settings.xml mirrors. */
  mavenRepositories: string[]
  /** Proxies, extra CA certificates and per-host credentials of the one outbound client. */
  outbound: OutboundSettings
  metadataTtlMs: number
  /** Answer registry metadata from the cache only, never the network. */
  offline: boolean
  /** Repository URLs may resolve to loopback, private, link-local or CGNAT addresses (SSRF guard off). */
  allowPrivateRepositories: boolean
  /** `file://` repository URLs are allowed (tests, air-gapped mirrors). */
  allowLocalRepositories: boolean
  gitTimeoutMs: number
  /** The AI assistant's upstream; null = the feature is off. */
  assistant: AssistantConfig | null
  /** Jira sites may resolve to loopback, private, link-local or CGNAT addresses (SSRF guard off). */
  allowPrivateIntegrations: boolean
  /** Time-out of one request to a Jira site. */
  jiraTimeoutMs: number
  /** Time-out of one request to Datadog or DataTrails. */
  integrationTimeoutMs: number
  /** Minutes between scheduled Datadog submissions; 0 = not scheduled. */
  datadogIntervalMinutes: number
  /** The licence issuer's Ed25519 public key as given (PEM or base64 raw); null = none configured. */
  licencePublicKey: string | null
  /** Notifications (issue 16): links in alerts, retries, digests (SMTP: smtpUrl, mailFrom above). */
  notify: {
    /** Where links in alerts point (SEXTANT_PUBLIC_URL, else this server's own address). */
    publicUrl: string
    retryDelaySeconds: number
    attempts: number
    digestCron: string
  }
  /** Where the sextant client is downloaded from (GET /api/v1/cli); null = not said. */
  cliDownloadUrl: string | null
  /** Older sextant clients must update (exit -4); null = any release. */
  cliMinimumVersion: string | null
  /** smtp:// or smtps:// server for e-mail; null: e-mails go to the log. */
  smtpUrl: string | null
  mailFrom: string
  /** The URL users reach Sextant at (links in e-mails); null: the listening address. */
  publicUrl: string | null
  /** A file receiving MFA text messages as JSON lines; null: the log. */
  smsOutbox: string | null
  /** The key sealing stored secrets; null: generated once and kept in the database. */
  secretKey: Buffer | null
}

export interface AssistantConfig {
  /** The chat-completions URL (the base URL plus /chat/completions unless it already ends so). */
  completionsUrl: string
  apiKey: string | null
  model: string
  /** Longest time one answer may take, from the request to its last chunk. */
  timeoutMs: number
  /** Follow-up questions allowed in one conversation. */
  maxQuestions: number
}

function completionsUrlOf(base: string): string {
  const trimmed = base.replace(/\/+$/, '')
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`
}

function splitList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

export { ConfigError }

/** What an error message may quote of a value: never a secret, never a URL's credentials. */
function quotable(name: string, value: string | undefined): string {
  if (value === undefined) return 'nothing'
  if (/TOKEN|PASSWORD|SECRET|KEY/.test(name)) return `a value of ${value.length} characters`
  return JSON.stringify(redactUrl(value))
}

/** Reads the environment; throws ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const name = String(i.path[0])
      return `  ${i.path.join('.')}: ${i.message} (got ${quotable(name, env[name])})`
    })
    throw new ConfigError(`Invalid configuration in the environment:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  const registry = e.SEXTANT_NPM_REGISTRY.endsWith('/')
    ? e.SEXTANT_NPM_REGISTRY
    : `${e.SEXTANT_NPM_REGISTRY}/`
  const outbound = readOutboundSettings({
    env,
    npmRegistry: registry,
    mavenRepositories: splitList(e.SEXTANT_MAVEN_REPOSITORIES),
  })
  if (!outbound.ok)
    throw new ConfigError(
      `Invalid configuration in the environment:\n${outbound.errors.map((l) => `  ${l}`).join('\n')}`,
    )
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL ?? null,
    dataDir: dataDirOf(e.SEXTANT_DATA_DIR),
    adminEmail: e.SEXTANT_ADMIN_EMAIL ?? null,
    adminPassword: e.SEXTANT_ADMIN_PASSWORD ?? null,
    bootstrapToken: e.SEXTANT_BOOTSTRAP_TOKEN?.toLowerCase() ?? null,
    bodyLimitBytes: Math.round(e.SEXTANT_BODY_LIMIT_MB * 1024 * 1024),
    uploadMaxFiles: e.SEXTANT_UPLOAD_MAX_FILES,
    sessionTtlMs: e.SEXTANT_SESSION_TTL_HOURS * 3600_000,
    metricsToken: e.SEXTANT_METRICS_TOKEN ?? null,
    registration: e.SEXTANT_REGISTRATION,
    trustedProxies: e.SEXTANT_TRUSTED_PROXIES ? splitList(e.SEXTANT_TRUSTED_PROXIES) : [],
    jobConcurrency: e.SEXTANT_JOB_CONCURRENCY,
    recomputeConcurrency: e.SEXTANT_RECOMPUTE_CONCURRENCY,
    reportCacheMb: e.SEXTANT_REPORT_CACHE_MB,
    webDir: e.SEXTANT_WEB_DIR ? resolve(e.SEXTANT_WEB_DIR) : null,
    serveWeb: e.SEXTANT_SERVE_WEB,
    logLevel: e.LOG_LEVEL,
    advisorySources: e.SEXTANT_ADVISORY_SOURCES ? splitList(e.SEXTANT_ADVISORY_SOURCES) : null,
    advisorySyncIntervalMs: e.SEXTANT_ADVISORY_SYNC_HOURS * 3600_000,
    epssSource: sourceSetting(e.SEXTANT_EPSS_SOURCE, DEFAULT_EPSS_SOURCE),
    kevSource: sourceSetting(e.SEXTANT_KEV_SOURCE, DEFAULT_KEV_SOURCE),
    cweSource: sourceSetting(e.SEXTANT_CWE_SOURCE, null),
    npmRegistry: outbound.npmRegistry,
    mavenRepositories: outbound.mavenRepositories,
    outbound: outbound.settings,
    metadataTtlMs: e.SEXTANT_METADATA_TTL_HOURS * 3600_000,
    offline: e.SEXTANT_OFFLINE,
    allowPrivateRepositories: e.SEXTANT_ALLOW_PRIVATE_REPOSITORIES,
    allowLocalRepositories: e.SEXTANT_ALLOW_LOCAL_REPOSITORIES,
    gitTimeoutMs: e.SEXTANT_GIT_TIMEOUT_SECONDS * 1000,
    assistant: e.SEXTANT_ASSISTANT_URL
      ? {
          completionsUrl: completionsUrlOf(e.SEXTANT_ASSISTANT_URL),
          apiKey: e.SEXTANT_ASSISTANT_API_KEY ?? null,
          model: e.SEXTANT_ASSISTANT_MODEL,
          timeoutMs: e.SEXTANT_ASSISTANT_TIMEOUT_SECONDS * 1000,
          maxQuestions: e.SEXTANT_ASSISTANT_MAX_QUESTIONS,
        }
      : null,
    allowPrivateIntegrations: e.SEXTANT_ALLOW_PRIVATE_INTEGRATIONS,
    jiraTimeoutMs: e.SEXTANT_JIRA_TIMEOUT_SECONDS * 1000,
    integrationTimeoutMs: e.SEXTANT_INTEGRATION_TIMEOUT_SECONDS * 1000,
    datadogIntervalMinutes: e.SEXTANT_DATADOG_INTERVAL_MINUTES,
    licencePublicKey: e.SEXTANT_LICENCE_PUBLIC_KEY ?? null,
    notify: {
      publicUrl: (
        e.SEXTANT_PUBLIC_URL ??
        `http://${e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST}:${e.PORT}`
      ).replace(/\/$/, ''),
      retryDelaySeconds: e.SEXTANT_NOTIFY_RETRY_SECONDS,
      attempts: e.SEXTANT_NOTIFY_ATTEMPTS,
      digestCron: e.SEXTANT_NOTIFY_DIGEST_CRON,
    },
    cliDownloadUrl: e.SEXTANT_CLI_DOWNLOAD_URL ?? null,
    cliMinimumVersion: e.SEXTANT_CLI_MINIMUM_VERSION ?? null,
    smtpUrl: e.SEXTANT_SMTP_URL ?? null,
    mailFrom: e.SEXTANT_MAIL_FROM ?? 'Sextant <sextant@localhost>',
    publicUrl: e.SEXTANT_PUBLIC_URL ? e.SEXTANT_PUBLIC_URL.replace(/\/$/, '') : null,
    smsOutbox: e.SEXTANT_SMS_OUTBOX ?? null,
    secretKey: e.SEXTANT_SECRET_KEY ? Buffer.from(e.SEXTANT_SECRET_KEY, 'hex') : null,
  }
}
