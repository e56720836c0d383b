// Reads of the revocation epoch shared by the requests that wait for one (issue 13 item 15 and acceptance
// 4: the authorisation overhead within DESIGN §8's budget after the revocation change). A request needs a
// read that *started after it arrived*, so a revocation committed before the request is always seen.
// Requests arriving while a read runs share the next read, which starts as soon as the running one ends.
// A lone request costs one read, as before; under load the database sees about one read per round trip
// instead of one per request (on the embedded database every query waits its turn). Issue 20: the same
// sharing for the report GET's project and latest-report lookups, per key (freshReaderByKey).
export function freshEpochReader<T = string>(
  read: () => Promise<T>,
): (() => Promise<T>) & { idle: () => boolean } {
  let running: Promise<T> | null = null
  let queued: Promise<T> | null = null
  const start = (): Promise<T> => {
    const reading: Promise<T> = read().finally(() => {
      if (running === reading) running = null
    })
    running = reading
    return reading
  }
  const reader = () => {
    if (!running) return start()
    // Started before this call: its answer may predate a revocation this caller must see.
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null
        return start()
      })
    return queued
  }
  return Object.assign(reader, { idle: () => running === null && queued === null })
}

/**
 * freshEpochReader per key: each caller gets a read of its key that started after its call, shared with
 * the callers of the same key waiting with it. A key's reader is dropped when it has nothing running or
 * queued, so the map holds only the keys being read.
 */
export function freshReaderByKey<T>(read: (key: string) => Promise<T>): (key: string) => Promise<T> {
  const readers = new Map<string, ReturnType<typeof freshEpochReader<T>>>()
  return (key) => {
    let reader = readers.get(key)
    if (!reader) {
      reader = freshEpochReader(() => read(key))
      readers.set(key, reader)
    }
    const own = reader
    return own().finally(() => {
      if (own.idle() && readers.get(key) === own) readers.delete(key)
    })
  }
}
