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
  ])('names %s when it is %s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*\\(got "${value}"\\)`))
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
})
