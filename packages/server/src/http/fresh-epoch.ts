// Reads of the revocation epoch shared by the requests that wait for one (issue 13 item 15 and acceptance
// 4: the authorisation overhead within DESIGN §8's budget after the revocation change). A request needs a
// read that *started after it arrived*, so a revocation committed before the request is always seen.
// Requests arriving while a read runs share the next read, which starts as soon as the running one ends.
// A lone request costs one read, as before; under load the database sees about one read per round trip
// instead of one per request (on the embedded database every query waits its turn).
export function freshEpochReader(read: () => Promise<string>): () => Promise<string> {
  let running: Promise<string> | null = null
  let queued: Promise<string> | null = null
  const start = (): Promise<string> => {
    const reading: Promise<string> = read().finally(() => {
      if (running === reading) running = null
    })
    running = reading
    return reading
  }
  return () => {
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
}
