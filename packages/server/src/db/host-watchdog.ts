// Replaces an embedded database host wedged by a full disk (issue 13 item 3). When PGlite cannot start a
// new WAL segment on a full disk it answers that write with an error and then never answers again: its
// WASM blocks the host's event loop, every connection waits, and only a new host clears it (PGlite
// recovers from its WAL at start, as PostgreSQL does after a crash). The watchdog pings the host; when it
// has not answered for SILENT_MS while the data folder's disk was seen full, it replaces the host as soon
// as space is back, so the server recovers without a restart. A host busy with a long query on a disk
// with room is left alone: only the full disk marks a silence as a wedge.
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
  freeBytes(): Promise<number>
  restart(): Promise<void>
  log: WatchdogLog
}

export function watchHost(host: HostWatch, now: () => number = Date.now): { stop(): void } {
  let fullSeen = false
  let busy = false
  const tick = async () => {
    if (busy) return
    busy = true
    try {
      host.ping()
      const free = await host.freeBytes()
      if (free < MIN_FREE_BYTES) fullSeen = true
      const silent = now() - host.lastPong()
      if (silent < SILENT_MS) {
        // answering (its last pong came at one of the last pings) with room on the disk: not wedged
        if (silent <= 2 * PING_MS && free >= MIN_FREE_BYTES) fullSeen = false
        return
      }
      if (!fullSeen || free < MIN_FREE_BYTES) return
      host.log.warn(
        { silentMs: silent, freeBytes: free },
        'the embedded database stopped answering after its disk was full; space is back: starting it again',
      )
      await host.restart()
      fullSeen = false
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
