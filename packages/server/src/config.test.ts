// Configuration from the environment (issue 2 "Server"): defaults, and a message naming each bad variable.
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const c = loadConfig({})
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      serveWeb: true,
      offline: false,
    })
    expect(c.dataDir).toMatch(/\/data$/)
    expect(c.mavenRepositories).toEqual(['https://repo.maven.apache.org/maven2/'])
  })

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['SEXTANT_BOOTSTRAP_TOKEN', 'not-a-uuid'],
    ['SEXTANT_ADMIN_PASSWORD', 'short'],
    ['SEXTANT_BODY_LIMIT_MB', '-1'],
    ['SEXTANT_OFFLINE', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['SEXTANT_SMTP_URL', 'mail.example.com'],
    ['SEXTANT_SECRET_KEY', 'abc'],
    ['SEXTANT_TRUSTED_PROXIES', '10.0.0.0/33'],
    ['SEXTANT_TRUSTED_PROXIES', 'proxy.example'],
    ['SEXTANT_REGISTRATION', 'yes'],
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    // A secret is never quoted back, only its length (issue 18 item 3: credentials never in errors).
    const got = /TOKEN|PASSWORD|SECRET|KEY/.test(name)
      ? `a value of ${value.length} characters`
      : `"${value}"`
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*\\(got ${got}\\)`))
  })

  it('closes sign-up by default and takes closed, invite or open (issue 13 item 7)', () => {
    expect(loadConfig({}).registration).toBe('closed')
    for (const mode of ['closed', 'invite', 'open'] as const)
      expect(loadConfig({ SEXTANT_REGISTRATION: mode }).registration).toBe(mode)
  })

  it('trusts no proxy by default and takes addresses, ranges and proxy-addr names', () => {
    expect(loadConfig({}).trustedProxies).toEqual([])
    expect(
      loadConfig({ SEXTANT_TRUSTED_PROXIES: '10.0.0.0/8, ::1,192.168.1.7, loopback' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', '::1', '192.168.1.7', 'loopback'])
  })

  it('is the one reader of the mail, SMS and secrets-key variables (issue 18 item 5)', () => {
    const key = 'ab'.repeat(32)
    const c = loadConfig({
      SEXTANT_SMTP_URL: 'smtps://mailer:pw@mail.example:465',
      SEXTANT_MAIL_FROM: 'SCA <sca@example.org>',
      SEXTANT_PUBLIC_URL: 'https://sca.example.org/',
      SEXTANT_SMS_OUTBOX: '/var/tmp/sms.jsonl',
      SEXTANT_SECRET_KEY: key,
    })
    expect(c).toMatchObject({
      smtpUrl: 'smtps://mailer:pw@mail.example:465',
      mailFrom: 'SCA <sca@example.org>',
      publicUrl: 'https://sca.example.org',
      smsOutbox: '/var/tmp/sms.jsonl',
    })
    expect(c.secretKey?.toString('hex')).toBe(key)
    expect(loadConfig({})).toMatchObject({
      smtpUrl: null,
      mailFrom: 'Sextant <sextant@localhost>',
      publicUrl: null,
      smsOutbox: null,
      secretKey: null,
    })
  })

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'y' })).toThrow(/PORT[\s\S]*LOG_LEVEL/)
  })

  it('splits repository lists and normalises the registry URL', () => {
    const c = loadConfig({
      SEXTANT_MAVEN_REPOSITORIES: 'file:///usr/share/maven-repo, https://repo.example/m2/',
      SEXTANT_NPM_REGISTRY: 'http://127.0.0.1:4873',
    })
    expect(c.mavenRepositories).toEqual(['file:///usr/share/maven-repo', 'https://repo.example/m2/'])
    expect(c.npmRegistry).toBe('http://127.0.0.1:4873/')
  })

  it('keeps registry credentials out of the URLs it shows and out of its errors', () => {
    const c = loadConfig({
      SEXTANT_NPM_REGISTRY: 'https://ci:s3cret@npm.corp/npm',
      SEXTANT_MAVEN_REPOSITORIES: 'https://deploy:m4ven@nexus.corp/m2/',
    })
    expect(c.npmRegistry).toBe('https://npm.corp/npm/')
    expect(c.mavenRepositories).toEqual(['https://nexus.corp/m2/'])
    expect(c.outbound.credentials.map((x) => x.prefix)).toEqual(['//npm.corp/npm/', '//nexus.corp/m2/'])
    const error = (() => {
      try {
        loadConfig({ SEXTANT_NPM_REGISTRY: 'https://ci:s3cret@', SEXTANT_NPM_TOKEN: 'x' })
      } catch (e) {
        return String(e)
      }
    })()
    expect(error).toContain('SEXTANT_NPM_REGISTRY')
    expect(error).not.toContain('s3cret')
  })
})
