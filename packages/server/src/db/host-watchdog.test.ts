// The embedded database's watchdog (issue 13 item 3): which silences it treats as a wedge by a full disk.
// Regression: a pong that arrived just after the disk was seen full (the host answered, then wedged on its
// next WAL segment) used to clear the "full" mark, so a wedged host was never replaced (CI, 2026-11-26).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MIN_FREE_BYTES } from './disk-space'
import { type HostWatch, PING_MS, SILENT_MS, watchHost } from './host-watchdog'

const room = MIN_FREE_BYTES * 4

function fakeHost() {
  const state = { answering: true, free: room, lastPong: Date.now(), lastFull: 0, restarts: 0 }
  const host: HostWatch = {
    ping: () => {
      if (state.answering) state.lastPong = Date.now()
    },
    lastPong: () => state.lastPong,
    freeBytes: async () => {
      if (state.free < MIN_FREE_BYTES) state.lastFull = Date.now()
      return state.free
    },
    lastSeenFull: () => state.lastFull,
    restart: async () => {
      state.restarts++
      state.answering = true
      state.lastPong = Date.now()
    },
    log: { warn: () => {}, info: () => {} },
  }
  return { state, host }
}

describe('host watchdog', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('replaces a host that answered once more after the disk was seen full, then went silent', async () => {
    const { state, host } = fakeHost()
    const dog = watchHost(host)
    state.free = 0
    await vi.advanceTimersByTimeAsync(PING_MS) // seen full; the host still answers this ping
    state.answering = false // its next WAL segment cannot be made: wedged
    state.free = room // space freed before the next ping
    await vi.advanceTimersByTimeAsync(SILENT_MS - PING_MS)
    expect(state.restarts).toBe(0) // not silent long enough yet
    await vi.advanceTimersByTimeAsync(2 * PING_MS)
    expect(state.restarts).toBe(1)
    await vi.advanceTimersByTimeAsync(SILENT_MS * 2)
    expect(state.restarts).toBe(1) // the new host answers: left alone
    dog.stop()
  })

  it('replaces a host wedged by a disk another reader saw full between two pings', async () => {
    const { state, host } = fakeHost()
    const dog = watchHost(host)
    await vi.advanceTimersByTimeAsync(PING_MS)
    state.answering = false
    state.lastFull = Date.now() + 1_000 // the health check saw the full disk; freed before the next ping
    await vi.advanceTimersByTimeAsync(SILENT_MS + 2 * PING_MS)
    expect(state.restarts).toBe(1)
    dog.stop()
  })

  it('leaves alone a host busy on a disk that had room when it last answered', async () => {
    const { state, host } = fakeHost()
    const dog = watchHost(host)
    state.free = 0
    await vi.advanceTimersByTimeAsync(PING_MS)
    state.free = room
    await vi.advanceTimersByTimeAsync(4 * PING_MS) // answers for a while with room
    state.answering = false // then a long query
    await vi.advanceTimersByTimeAsync(SILENT_MS * 3)
    expect(state.restarts).toBe(0)
    dog.stop()
  })

  it('waits for space before replacing a silent host on a full disk', async () => {
    const { state, host } = fakeHost()
    const dog = watchHost(host)
    state.free = 0
    state.answering = false
    await vi.advanceTimersByTimeAsync(SILENT_MS * 3)
    expect(state.restarts).toBe(0)
    state.free = room
    await vi.advanceTimersByTimeAsync(2 * PING_MS)
    expect(state.restarts).toBe(1)
    dog.stop()
  })
})
