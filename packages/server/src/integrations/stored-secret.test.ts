// Issue 13 item 11, the shared rule: a stored secret opens only for the origin it was saved for.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { encryptSecret } from '../services/secrets'
import { originOf, sealSecretFor, secretForTarget } from './stored-secret'

const key = randomBytes(32)
const site = 'https://jira.example.com/jira'

describe('stored integration secrets', () => {
  it('names the origin of http(s) URLs only', () => {
    expect(originOf('HTTPS://Jira.Example.com:443/a/b?c')).toBe('https://jira.example.com')
    expect(originOf('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080')
    expect(originOf('file:///etc/passwd')).toBeNull()
    expect(originOf('not a url')).toBeNull()
  })

  it('sends the stored secret to its own origin, on any path', () => {
    const stored = { sealed: sealSecretFor(key, 's3cret', site), url: site }
    expect(secretForTarget(key, stored, 'https://JIRA.example.com/other/', undefined, 'apiToken')).toEqual({
      ok: true,
      secret: 's3cret',
    })
  })

  it('never sends it to another scheme, host or port: the secret must be given again', () => {
    const stored = { sealed: sealSecretFor(key, 's3cret', site), url: site }
    for (const target of [
      'https://attacker.example',
      'http://jira.example.com/jira',
      'https://jira.example.com:8443/jira',
      'https://jira.example.com.attacker.example/jira',
      'https://attacker.example/?https://jira.example.com',
    ]) {
      const choice = secretForTarget(key, stored, target, undefined, 'apiToken')
      expect(choice.ok, target).toBe(false)
      if (!choice.ok) {
        expect(choice.reason).toBe('other-origin')
        expect(choice.message).toMatch(/^apiToken: the stored one was saved for https:\/\/jira\.example\.com/)
        expect(choice.message).not.toContain('s3cret')
      }
      // A secret the caller gives now goes where they say.
      expect(secretForTarget(key, stored, target, 'given', 'apiToken')).toEqual({ ok: true, secret: 'given' })
    }
    expect(secretForTarget(key, null, site, undefined, 'apiToken')).toMatchObject({
      ok: false,
      reason: 'missing',
    })
  })

  it('seals the origin into the ciphertext: it does not open for another one', () => {
    const sealed = sealSecretFor(key, 's3cret', site)
    expect(() =>
      secretForTarget(
        key,
        { sealed, url: 'https://attacker.example' },
        'https://attacker.example',
        undefined,
        'x',
      ),
    ).toThrow()
  })

  it('opens secrets stored before origins were sealed in, for their own origin only', () => {
    const legacy = { sealed: encryptSecret(key, 'old'), url: site }
    expect(secretForTarget(key, legacy, site, undefined, 'apiToken')).toEqual({ ok: true, secret: 'old' })
    expect(secretForTarget(key, legacy, 'https://attacker.example', undefined, 'apiToken').ok).toBe(false)
  })
})
