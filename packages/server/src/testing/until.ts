// Polling for tests that wait on background work (jobs, deliveries): the probe's value once `ok` holds,
// or an error naming what was awaited and the last value seen.

export async function until<T>(
  what: string,
  probe: () => T | Promise<T>,
  ok: (v: T) => boolean,
  ms = 45_000,
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await probe()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(v).slice(0, 500)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
