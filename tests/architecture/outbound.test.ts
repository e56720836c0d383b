// Outside services only through the one outbound client (issue 18 item 3; docs/security.md "Outbound
// requests"): fails when server or engine code opens a connection, or imports what does, anywhere but
// packages/server/src/http-client. A fixture proves the rule finds each form.
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { findOutboundViolations } from './outbound'

const repoRoot = resolve(import.meta.dirname, '../..')

describe('outbound requests', () => {
  it('no server or engine code reaches the network except through packages/server/src/http-client', () => {
    const { violations, files } = findOutboundViolations(repoRoot, [
      'packages/server/src',
      'packages/engine/src',
    ])
    expect(violations.map((v) => `${v.file}:${v.line}: ${v.what}`)).toEqual([])
    // The scan really read product code, and left the client and the tests out.
    expect(files).toContain('packages/server/src/resources/jira/jira-client.ts')
    expect(files).toContain('packages/server/src/resources/refresh/git-checkout.ts')
    expect(files.some((f) => f.includes('/http-client/') || f.endsWith('.test.ts'))).toBe(false)
  })

  it('finds every way out in a fixture, and nothing in the client or in harmless imports', () => {
    const root = resolve(import.meta.dirname, 'fixtures/outbound')
    const found = findOutboundViolations(root, ['packages/server/src']).violations
    expect(found.map((v) => `${v.file}:${v.line}: ${v.what}`)).toEqual([
      'packages/server/src/resources/leaky.ts:2: imports node:https',
      'packages/server/src/resources/leaky.ts:3: imports request from node:http',
      'packages/server/src/resources/leaky.ts:4: imports connect from node:net',
      'packages/server/src/resources/leaky.ts:5: imports undici',
      'packages/server/src/resources/leaky.ts:7: starts child processes (node:child_process)',
      'packages/server/src/resources/leaky.ts:12: calls fetch()',
      'packages/server/src/resources/leaky.ts:13: calls globalThis.fetch()',
      'packages/server/src/resources/leaky.ts:17: constructs WebSocket',
      'packages/server/src/resources/leaky.ts:18: imports node:dns',
    ])
  })
})
