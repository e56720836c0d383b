// Replaces an embedded database host wedged by a full disk (issue 13 item 3). When PGlite cannot start a
// new WAL segment on a full disk it answers that write with an error and then never answers again: its
// WASM blocks the host's event loop, every connection waits, and only a new host clears it (PGlite
// recovers from its WAL at start, as PostgreSQL does after a crash). The watchdog pings the host; when it
// has not answered for SILENT_MS and the data folder's disk was seen full around or after its last answer
// (by the watchdog's own reads or by the health check's), it replaces the host as soon as space is back,
// so the server recovers without a restart. A host busy with a long query on a disk that had room when it
// last answered is left alone: only a full disk marks a silence as a wedge.
import { MIN_FREE_BYTES } from './disk-space'

export const PING_MS = 5_000
export const SILENT_MS = 30_000

export interface WatchdogLog {
  warn(obj: object, msg: string): void
  info(obj: object, msg: string): void
}

export interface HostWatch {
  ping(): void
  lastPong(): number
  /** Free bytes on the data folder's disk now; a reading below MIN_FREE_BYTES is remembered. */
  freeBytes(): Promise<number>
  /** When the data folder's disk was last seen full by any reader (epoch ms; 0: never). */
  lastSeenFull(): number
  restart(): Promise<void>
  log: WatchdogLog
}

export function watchHost(host: HostWatch, now: () => number = Date.now): { stop(): void } {
  let busy = false
  const tick = async () => {
    if (busy) return
    busy = true
    try {
      host.ping()
      const free = await host.freeBytes()
      const lastPong = host.lastPong()
      const silent = now() - lastPong
      if (silent < SILENT_MS || free < MIN_FREE_BYTES) return
      // The pong of a ping sent while the disk filled may arrive just before the wedge: a full disk seen up
      // to one ping interval before the last answer still explains the silence.
      if (host.lastSeenFull() < lastPong - PING_MS) return
      host.log.warn(
        { silentMs: silent, freeBytes: free },
        'the embedded database stopped answering after its disk was full; space is back: starting it again',
      )
      await host.restart()
      host.log.info({}, 'the embedded database answers again')
    } catch (error) {
      host.log.warn({ err: error }, 'the embedded database could not be started again; retrying')
    } finally {
      busy = false
    }
  }
  const timer = setInterval(() => void tick(), PING_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
