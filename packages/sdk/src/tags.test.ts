// The tags and isaac policy calls (spec accounts-and-api §7 "Tags", "Insights, policies"; §8): the
// paths and bodies sent, answers checked against the contract, missing input refused before a request.
import { describe, expect, it } from 'vitest'
import { createSextantClient } from './client'
import { tagsApi } from './tags'

function api(status: number, body: unknown) {
  const calls: string[] = []
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(`${init?.method} ${String(url)} ${init?.body ?? ''}`.trim())
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  }
  const client = createSextantClient({
    baseUrl: 'http://sextant.test',
    fetch: fetch as typeof globalThis.fetch,
  })
  return { calls, api: tagsApi(client) }
}

const tag = {
  id: '9d1c3c2e-8f7a-4b5e-9c1d-2e3f4a5b6c7d',
  name: 'production',
  projects: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}

describe('tags and isaac policies SDK', () => {
  it('calls the spec paths with the caller account', async () => {
    const { api: a, calls } = api(200, tag)
    expect(await a.createTag('production', [tag.id])).toEqual(tag)
    await a.updateTag(tag.id, { name: 'prod' })
    await a.deleteTag(tag.id)
    expect(calls).toEqual([
      `POST http://sextant.test/api/v1/accounts/me/tags {"name":"production","projects":["${tag.id}"]}`,
      `POST http://sextant.test/api/v1/accounts/me/tags/${tag.id} {"name":"prod"}`,
      `DELETE http://sextant.test/api/v1/accounts/me/tags/${tag.id}`,
    ])
    const policy = { sysid: 'r-1', enabled: true, severity: 'HIGH', tags: [], updatedAt: tag.createdAt }
    const isaac = api(200, policy)
    expect(await isaac.api.setIsaacPolicy('r-1', { enabled: true, severity: 'HIGH' })).toEqual(policy)
    expect(isaac.calls).toEqual([
      'POST http://sextant.test/api/v1/isaac/me/policies/r-1 {"tags":[],"enabled":true,"severity":"HIGH"}',
    ])
  })

  it('refuses missing input before any request and throws the server body otherwise', async () => {
    const { api: a, calls } = api(200, tag)
    await expect(a.createTag('  ')).rejects.toThrow('Required information not provided.')
    await expect(a.deleteTag('')).rejects.toThrow('Required information not provided.')
    await expect(a.setIsaacPolicy('', { enabled: true, severity: 'LOW' })).rejects.toThrow(
      'Required information not provided.',
    )
    expect(calls).toEqual([])
    const taken = { status: 409, error: 'CONFLICT', message: "The account already has a tag named 'x'." }
    await expect(api(409, taken).api.createTag('x')).rejects.toMatchObject({
      status: 409,
      message: taken.message,
    })
  })
})
