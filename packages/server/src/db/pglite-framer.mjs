// Whole frontend messages for the embedded database host (issue 20 "Linear at any size"). pglite-socket's
// handler appends every socket chunk (64 KB) to its buffer with Buffer.concat and tries to parse again,
// so a message of n chunks costs n²/2 chunk copies: a 30 MB report INSERT copied about 7 GB in the host
// (11.5 s of a 30k-component warm analysis bench run's profile). This framer walks the message headers
// as chunks arrive and hands the handler only complete messages, so each byte is copied a fixed number
// of times. Plain JS like pglite-host.mjs, which runs without a loader.

/** Protocol version code of a StartupMessage (3.0), the last untyped message of a connection's start. */
const STARTUP = 196608

export class MessageFramer {
  constructor() {
    /** Chunks not handed on yet. */
    this.pending = []
    this.pendingLength = 0
    /** Bytes of `pending` (from its start) that are whole messages. */
    this.complete = 0
    /** Bytes of the current message still to come after its header. */
    this.skip = 0
    /** Header bytes of the current message read so far (a header may span chunks). */
    this.header = []
    /** Until the StartupMessage has passed, messages may be untyped (length first, no type byte). */
    this.started = false
  }

  /** Takes one socket chunk; answers the whole messages it completes, as one buffer, or null. */
  push(chunk) {
    if (!this.started) {
      // the startup exchange (SSLRequest, StartupMessage) goes through as it comes, as before; typed
      // messages follow once the StartupMessage has passed (a client sends nothing else until answered)
      if (chunk.length >= 8 && chunk.readInt32BE(4) === STARTUP) this.started = true
      return chunk
    }
    this.pending.push(chunk)
    const base = this.pendingLength
    this.pendingLength += chunk.length
    let i = 0
    while (i < chunk.length) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - i)
        i += n
        this.skip -= n
        if (this.skip === 0) this.complete = base + i
        continue
      }
      this.header.push(chunk[i])
      i += 1
      if (this.header.length < 5) continue
      const h = this.header
      const length = ((h[1] << 24) | (h[2] << 16) | (h[3] << 8) | h[4]) >>> 0
      this.header = []
      this.skip = length - 4
      if (this.skip <= 0) {
        this.skip = 0
        this.complete = base + i
      }
    }
    if (this.complete === 0) return null
    const all = this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingLength)
    const whole = all.subarray(0, this.complete)
    const rest = all.subarray(this.complete)
    this.pending = rest.length > 0 ? [rest] : []
    this.pendingLength = rest.length
    this.complete = 0
    return whole
  }
}
