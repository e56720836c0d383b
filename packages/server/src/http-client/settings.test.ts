// Outbound settings from the environment (issue 18 item 3): proxies, credentials from URLs, tokens,
// .npmrc and Maven settings.xml, each error naming the variable, file and line, no secret in any URL.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} and ${env.NAME} are .npmrc and settings.xml syntax
import { describe, expect, it } from 'vitest'
import { CredentialStore } from './credentials'
import { mirrorMatches } from './maven-settings'
import { ProxyRules } from './proxy'
import { type OutboundInput, readOutboundSettings } from './settings'

const CENTRAL = 'https://repo.maven.apache.org/maven2/'

function read(input: Partial<OutboundInput> & { files?: Record<string, string> }) {
  const files = input.files ?? {}
  return readOutboundSettings({
    env: input.env ?? {},
    npmRegistry: input.npmRegistry ?? 'https://registry.npmjs.org/',
    mavenRepositories: input.mavenRepositories ?? [CENTRAL],
    readFile: (path) => {
      const text = files[path]
      if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' })
      return text
    },
  })
}

function headersFor(result: ReturnType<typeof read>, url: string) {
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return new CredentialStore(result.settings.credentials).headersFor(new URL(url))
}

describe('readOutboundSettings', () => {
  it('reads proxies, lower-case forms first, and adds a scheme when there is none', () => {
    const r = read({
      env: {
        HTTP_PROXY: 'http://upper:3128',
        http_proxy: 'lower:3128',
        HTTPS_PROXY: 'https://p.corp:443',
        NO_PROXY: 'corp',
      },
    })
    expect(r.ok && r.settings.proxy).toEqual({
      httpProxy: 'http://lower:3128/',
      httpsProxy: 'https://p.corp/',
      noProxy: 'corp',
    })
    expect(read({ env: { HTTPS_PROXY: 'socks5://p:1080' } })).toEqual({
      ok: false,
      errors: ['HTTPS_PROXY: only http:// and https:// proxies are supported, not socks5:'],
    })
  })

  it('takes user:password out of the npm registry URL and sends it as Basic to that registry only', () => {
    const r = read({ npmRegistry: 'https://ci:p%40ss@npm.corp/repository/npm/' })
    expect(r.ok && r.npmRegistry).toBe('https://npm.corp/repository/npm/')
    expect(headersFor(r, 'https://npm.corp/repository/npm/left-pad')).toEqual({
      authorization: `Basic ${Buffer.from('ci:p@ss').toString('base64')}`,
    })
    expect(headersFor(r, 'https://npm.corp/other/left-pad')).toBeNull()
    expect(headersFor(r, 'https://evil.example/repository/npm/left-pad')).toBeNull()
  })

  it('sends SEXTANT_NPM_TOKEN as a bearer token to the configured registry', () => {
    const r = read({ npmRegistry: 'http://127.0.0.1:4873/', env: { SEXTANT_NPM_TOKEN: 'npm_tok' } })
    expect(headersFor(r, 'http://127.0.0.1:4873/@scope%2fpkg')).toEqual({ authorization: 'Bearer npm_tok' })
    expect(headersFor(r, 'http://127.0.0.1:4874/pkg')).toBeNull()
  })

  it('reads an .npmrc: tokens, _auth, username and _password, ${NAME} from the environment', () => {
    const npmrc = [
      '; comment',
      'registry=https://ignored.example/',
      '//npm.corp/:_authToken=${NPM_TOKEN}',
      '//other.corp:8443/npm/:_auth=dTpw',
      '//third.corp/:username=bob',
      '//third.corp/:_password=' + Buffer.from('pw').toString('base64'),
    ].join('\n')
    const r = read({
      env: { SEXTANT_NPMRC: '/etc/npmrc', NPM_TOKEN: 'from-env' },
      files: { '/etc/npmrc': npmrc },
    })
    expect(headersFor(r, 'https://npm.corp/pkg')).toEqual({ authorization: 'Bearer from-env' })
    expect(headersFor(r, 'https://other.corp:8443/npm/pkg')).toEqual({ authorization: 'Basic dTpw' })
    expect(headersFor(r, 'https://third.corp/pkg')).toEqual({
      authorization: `Basic ${Buffer.from('bob:pw').toString('base64')}`,
    })
  })

  it('names the file and line of a bad .npmrc entry', () => {
    const npmrc = '_authToken=abc\n//npm.corp/:_authToken=${UNSET}\n'
    expect(read({ env: { SEXTANT_NPMRC: '/etc/npmrc' }, files: { '/etc/npmrc': npmrc } })).toEqual({
      ok: false,
      errors: [
        'SEXTANT_NPMRC: /etc/npmrc line 1: _authToken must name its registry (//host/path/:_authToken=…); a credential for no registry is not sent anywhere.',
        'SEXTANT_NPMRC: /etc/npmrc line 2: ${UNSET} is not set in the environment.',
      ],
    })
    expect(read({ env: { SEXTANT_NPMRC: '/nope' } })).toEqual({
      ok: false,
      errors: ['SEXTANT_NPMRC: cannot read /nope (ENOENT)'],
    })
  })

  it('takes Maven credentials from repository URLs, with ids for settings.xml', () => {
    const r = read({ mavenRepositories: ['internal=https://deploy:secret@nexus.corp/maven/', CENTRAL] })
    expect(r.ok && r.mavenRepositories).toEqual(['https://nexus.corp/maven/', CENTRAL])
    expect(headersFor(r, 'https://nexus.corp/maven/org/x/1/x-1.pom')).toEqual({
      authorization: `Basic ${Buffer.from('deploy:secret').toString('base64')}`,
    })
    expect(headersFor(r, `${CENTRAL}org/x/1/x-1.pom`)).toBeNull()
  })

  it('applies settings.xml servers (login or headers) and mirrors', () => {
    const xml = `<settings>
  <servers>
    <server><id>corp-mirror</id><username>maven</username><password>\${env.MAVEN_PASSWORD}</password></server>
    <server><id>gitlab</id><configuration><httpHeaders><property><name>Private-Token</name><value>glpat-x</value></property></httpHeaders></configuration></server>
    <server><id>unused</id><username>a</username><password>b</password></server>
  </servers>
  <mirrors>
    <mirror><id>corp-mirror</id><url>https://mirror.corp/maven2/</url><mirrorOf>central</mirrorOf></mirror>
  </mirrors>
</settings>`
    const r = read({
      mavenRepositories: [CENTRAL, 'gitlab=https://gitlab.corp/api/v4/packages/maven/'],
      env: { SEXTANT_MAVEN_SETTINGS: '/m2/settings.xml', MAVEN_PASSWORD: 'mvn-pw' },
      files: { '/m2/settings.xml': xml },
    })
    expect(r.ok && r.mavenRepositories).toEqual([
      'https://mirror.corp/maven2/',
      'https://gitlab.corp/api/v4/packages/maven/',
    ])
    expect(headersFor(r, 'https://mirror.corp/maven2/a/b.pom')).toEqual({
      authorization: `Basic ${Buffer.from('maven:mvn-pw').toString('base64')}`,
    })
    expect(headersFor(r, 'https://gitlab.corp/api/v4/packages/maven/a.pom')).toEqual({
      'private-token': 'glpat-x',
    })
  })

  it('names the line of a settings.xml problem', () => {
    const xml =
      '<settings>\n<servers>\n<server><id>central</id><password>{COQLCE6DU6GtcS5P=}</password><username>u</username></server>\n</servers>\n</settings>'
    const r = read({ env: { SEXTANT_MAVEN_SETTINGS: '/s.xml' }, files: { '/s.xml': xml } })
    expect(r).toEqual({
      ok: false,
      errors: [
        'SEXTANT_MAVEN_SETTINGS: /s.xml line 3: server central has an encrypted password, which Sextant cannot decrypt; give it as ${env.NAME}.',
      ],
    })
  })

  it('matches mirrorOf as Maven does', () => {
    const central = { id: 'central', url: CENTRAL }
    const local = { id: 'local', url: 'http://localhost:8081/m2/' }
    expect(mirrorMatches('*', local)).toBe(true)
    expect(mirrorMatches('external:*', local)).toBe(false)
    expect(mirrorMatches('external:*', central)).toBe(true)
    expect(mirrorMatches('*,!central', central)).toBe(false)
    expect(mirrorMatches('repo1,central', central)).toBe(true)
    expect(mirrorMatches('repo1', central)).toBe(false)
  })
})

describe('ProxyRules', () => {
  const rules = (noProxy: string) =>
    new ProxyRules({ httpProxy: 'http://proxy:3128', httpsProxy: 'http://proxy:3128', noProxy })
  it.each([
    ['', 'https:', 'registry.npmjs.org', '', true],
    ['*', 'https:', 'registry.npmjs.org', '', false],
    ['npmjs.org', 'https:', 'registry.npmjs.org', '', false],
    ['npmjs.org', 'https:', 'npmjs.org', '', false],
    ['.npmjs.org', 'https:', 'npmjs.org', '', true],
    ['*.npmjs.org', 'https:', 'registry.npmjs.org', '', false],
    ['notnpmjs.org', 'https:', 'npmjs.org', '', true],
    ['corp:8443', 'https:', 'nexus.corp', '8443', false],
    ['corp:8443', 'https:', 'nexus.corp', '', true],
    ['localhost, 127.0.0.1', 'http:', '127.0.0.1', '4873', false],
    ['10.0.0.0/8', 'http:', '10.1.2.3', '', false],
    ['10.0.0.0/8', 'http:', 'ten.corp', '', true],
    ['[::1]', 'http:', '[::1]', '', false],
    ['fd00::/8', 'http:', '[fd12::1]', '', false],
  ])('NO_PROXY=%s: %s//%s:%s proxied → %s', (noProxy, protocol, host, port, proxied) => {
    expect(rules(noProxy).proxyFor(protocol, host, port) !== null).toBe(proxied)
  })
})
