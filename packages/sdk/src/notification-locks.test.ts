// The Slack chat-channel lock calls (issue 16; spec accounts-and-api §4, §7): the spec paths and queries,
// and input refused before any request with the §8 message.
import { describe, expect, it } from 'vitest'
import { notificationLocksApi } from './notification-locks'
import { recordingClient } from './test-server'

function fake(body: unknown) {
  const { calls, client } = recordingClient(body)
  return { calls, locks: notificationLocksApi(client) }
}

const team = '6f0d2c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f'
const lock = {
  accountUuid: 'a',
  state: 'borrowed',
  teamUuid: team,
  teamName: 'Red',
  ticket: '0b5d7c1e-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  borrowedAt: '2026-01-01T00:00:00.000Z',
  expiresAt: '2026-01-01T00:30:00.000Z',
  heldByTeam: true,
}
describe('Slack lock SDK', () => {
  it('borrows, gives back and reads through the spec paths', async () => {
    const l = fake(lock)
    await l.locks.borrow(team)
    await l.locks.release(team)
    await l.locks.status(team)
    const base = 'http://sextant.test/api/v2/notifications/slack'
    const r = fake({ seconds: 1800 })
    expect(await r.locks.rentalTime()).toBe(1800)
    const i = fake({ ...lock, channels: [] })
    await i.locks.info(lock.ticket)
    expect([...l.calls, ...r.calls, ...i.calls]).toEqual([
      `POST ${base}/locks/borrow?teamUuid=${team}&state=borrowed`,
      `POST ${base}/locks/borrow?teamUuid=${team}&state=free`,
      `GET ${base}/locks/status?team=${team}`,
      `GET ${base}/locks/rentalTime`,
      `GET ${base}/info?ticket=${lock.ticket}`,
    ])
    await expect(l.locks.borrow(' ')).rejects.toMatchObject({ message: 'Required information not provided.' })
  })
})
