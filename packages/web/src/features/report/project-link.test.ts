import { describe, expect, it } from 'vitest'
import { checkableHost, isCodeHost } from './project-link'

describe('project link checks (§2)', () => {
  it('checks only public-looking host names', () => {
    expect(checkableHost('https://github.com/acme/app')).toBe(true)
    expect(checkableHost('http://localhost:3000/x')).toBe(false)
    expect(checkableHost('http://10.0.0.1/repo')).toBe(false)
    expect(checkableHost('http://[::1]/repo')).toBe(false)
    expect(checkableHost('ftp://example.com/x')).toBe(false)
    expect(checkableHost(null)).toBe(false)
  })
  it('recognises code-hosting services', () => {
    expect(isCodeHost('https://github.com/acme/app')).toBe(true)
    expect(isCodeHost('https://gitlab.example.com/acme/app')).toBe(false)
    expect(isCodeHost('https://bitbucket.org/acme/app')).toBe(true)
  })
})
