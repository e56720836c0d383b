// pglite-framer.mjs: the embedded host's handler gets whole frontend messages, whatever the chunking.
import { describe, expect, it } from 'vitest'
import { MessageFramer } from './pglite-framer.mjs'

/** A typed frontend message: type byte, int32 length (itself and the body), body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5)
  head.write(type, 0, 'latin1')
  head.writeInt32BE(body.length + 4, 1)
  return Buffer.concat([head, body])
}

function startup(): Buffer {
  const body = Buffer.from('user\0postgres\0\0')
  const b = Buffer.alloc(8 + body.length)
  b.writeInt32BE(b.length, 0)
  b.writeInt32BE(196608, 4)
  body.copy(b, 8)
  return b
}

/** Feeds `stream` in chunks of the given sizes (cycled); answers what the framer handed on, in order. */
function feed(framer: MessageFramer, stream: Buffer, sizes: number[]): Buffer[] {
  const out: Buffer[] = []
  for (let at = 0, k = 0; at < stream.length; k++) {
    const n = sizes[k % sizes.length]!
    const whole = framer.push(stream.subarray(at, at + n))
    if (whole) out.push(Buffer.from(whole))
    at += n
  }
  return out
}

describe('MessageFramer', () => {
  const big = message('P', Buffer.alloc(1_000_000, 7))
  const messages = [
    message('Q', Buffer.from('SELECT 1\0')),
    big,
    message('S', Buffer.alloc(0)),
    message('B', Buffer.from('xy')),
  ]
  const stream = Buffer.concat(messages)

  it('passes the startup message through as it comes', () => {
    const framer = new MessageFramer()
    const s = startup()
    expect(framer.push(s)).toBe(s)
  })

  for (const sizes of [[1], [3, 7], [65_536], [4_000, 1], [stream.length]]) {
    it(`hands on exactly the whole messages, chunks of ${sizes.join('/')} bytes`, () => {
      const framer = new MessageFramer()
      framer.push(startup())
      const out = feed(framer, stream, sizes)
      expect(Buffer.concat(out).equals(stream)).toBe(true)
      // every piece handed on ends on a message boundary
      const ends = new Set<number>()
      let at = 0
      for (const m of messages) {
        at += m.length
        ends.add(at)
      }
      at = 0
      for (const piece of out) {
        at += piece.length
        expect(ends.has(at)).toBe(true)
      }
    })
  }

  it('holds a big message back until its last byte arrives', () => {
    const framer = new MessageFramer()
    framer.push(startup())
    const out = feed(framer, big.subarray(0, big.length - 1), [65_536])
    expect(out).toEqual([])
    expect(framer.push(big.subarray(big.length - 1))?.length).toBe(big.length)
  })
})
