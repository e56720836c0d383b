// Types of pglite-framer.mjs (plain JS: the database host runs without a loader).
export declare class MessageFramer {
  /** Takes one socket chunk; answers the whole messages it completes, as one buffer, or null. */
  push(chunk: Buffer): Buffer | null
}
