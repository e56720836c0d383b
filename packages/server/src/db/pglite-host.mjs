// Child process hosting the embedded PostgreSQL (PGlite) behind the pg wire protocol (DESIGN §1
// "Embedded default"): keeps WASM query work off the HTTP event loop. Plain JS so it needs no loader.
// Protocol over IPC: parent sends {type:'stop'} or {type:'ping'}; child sends {type:'ready', socketPath|port},
// {type:'error'} or {type:'pong'}.
//
// PGlite is one session shared by every connection. pglite-socket's own queue hands the session to
// another connection between any two messages unless an explicit transaction is open, which breaks
// the extended protocol (Parse/Bind/Execute/Sync: a simple query from another connection discards the
// unnamed statement in between). SessionQueue below keeps the session with one connection until the
// backend says ReadyForQuery with status 'I' (idle, no transaction): one Sync cycle or one whole
// transaction at a time. Its interface is the one PGLiteSocketHandler expects of a query queue.
import { fork } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket'
import { MessageFramer } from './pglite-framer.mjs'

// Files PGlite creates from now on are private to the service user (issue 13 item 17).
process.umask(0o077)
const dataDir = process.env.SEXTANT_PGLITE_DIR
const socketPath = process.env.SEXTANT_PGLITE_SOCKET || undefined
const maxConnections = Number(process.env.SEXTANT_PGLITE_MAX_CONNECTIONS || 32)
// After a restart by the watchdog (host-watchdog.ts), the loopback port the pools already know.
const port = Number(process.env.SEXTANT_PGLITE_PORT || 0)
// PGlite's default shared_buffers is PostgreSQL's 128 MB, held inside the WebAssembly memory: measured
// here, the host took 290 MB right after start with it and 200 MB with 32 MB (issue 20 "Embedded
// footprint": idle API + database host <= 450 MB). Pages beyond it come from the OS page cache through
// the data folder's files; deployments whose database outgrows this move to an external PostgreSQL
// (docs/operations.md "When to move to an external PostgreSQL").
const SHARED_BUFFERS = '32MB'
// A new data folder is initialised by a process of its own that exits once the cluster is written
// (issue 20 "peak RSS <= 600 MB embedded"): PGlite runs initdb inside this process's WebAssembly
// instance, which grows for it and never shrinks (with a copy of the whole heap taken meanwhile),
// so a host that initialised its own folder held 650-830 MB for the rest of its life where one
// opening an existing folder holds ~200 MB. Measured apart (`PGlite.create`, one query): 827 MB on
// a new folder, 657 MB even after a full GC, against 185-208 MB on the same folder reopened.
const INIT_ONLY = process.env.SEXTANT_PGLITE_INIT_ONLY === '1'

const open = () =>
  PGlite.create(dataDir, {
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
  })

/** Writes a new cluster into the data folder in a child process of this script; throws if it fails. */
async function initialiseApart() {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, SEXTANT_PGLITE_INIT_ONLY: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)))
  if (code !== 0) throw new Error(`initialising the data folder failed (exit ${code})`)
}

/**
 * Status byte of the last ReadyForQuery ('Z') in backend output, or null when there is none. Walks
 * message headers across chunk boundaries (a message may span chunks) without copying the output.
 */
function lastReadyStatus(chunks) {
  let status = null
  let skip = 0 // bytes of the current message body still to pass over
  let header = [] // bytes of a header split across chunks
  let readyPending = false // a 'Z' header was read; its status byte comes next
  for (const chunk of chunks) {
    let i = 0
    while (i < chunk.length) {
      if (readyPending) {
        status = chunk[i]
        readyPending = false
        i += 1
        skip -= 1
        continue
      }
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - i)
        i += n
        skip -= n
        continue
      }
      header.push(chunk[i])
      i += 1
      if (header.length < 5) continue
      const length = ((header[1] << 24) | (header[2] << 16) | (header[3] << 8) | header[4]) >>> 0
      readyPending = header[0] === 0x5a && length === 5
      skip = length - 4
      header = []
    }
  }
  return status
}

/** pglite-socket's handler, fed whole messages only (pglite-framer.mjs: its own buffering is quadratic). */
class FramedSocketHandler extends PGLiteSocketHandler {
  framer = new MessageFramer()

  async handleData(chunk) {
    const whole = this.framer.push(chunk)
    return whole ? super.handleData(whole) : 0
  }
}

class SessionQueue {
  constructor(db) {
    this.db = db
    this.queue = []
    this.owner = null
    this.running = false
  }

  enqueue(handlerId, message, onData) {
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject })
      void this.pump()
    })
  }

  async pump() {
    if (this.running) return
    this.running = true
    try {
      while (this.queue.length > 0) {
        const i = this.owner === null ? 0 : this.queue.findIndex((q) => q.handlerId === this.owner)
        // The owner is mid-cycle or mid-transaction and has sent nothing yet: everyone else waits.
        if (i === -1) break
        const [item] = this.queue.splice(i, 1)
        const out = []
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                out.push(data)
                item.onData(data)
              },
            }),
          )
        } catch (error) {
          this.owner = null
          item.reject(error)
          continue
        }
        const status = lastReadyStatus(out)
        if (status === 0x49)
          this.owner = null // 'I': idle, the session is free
        else this.owner = item.handlerId // mid-cycle (no ReadyForQuery yet) or in a transaction
        item.resolve(out.reduce((n, c) => n + c.length, 0))
      }
    } finally {
      this.running = false
    }
  }

  clearQueueForHandler(handlerId) {
    this.queue = this.queue.filter((q) => {
      if (q.handlerId !== handlerId) return true
      q.reject(new Error('connection closed'))
      return false
    })
  }

  /** A connection went away holding the session: roll back what it left open, then serve the rest. */
  async clearTransactionIfNeeded(handlerId) {
    if (this.owner !== handlerId) return
    this.owner = null
    if (this.db.isInTransaction()) await this.db.exec('ROLLBACK')
    void this.pump()
  }
}

let db
let server
let stopping = false
const handlers = new Set()

async function stop(code) {
  if (stopping) return
  stopping = true
  try {
    for (const h of handlers) await h.detach(true).catch(() => {})
    await new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()))
    await db?.close()
  } finally {
    process.exit(code)
  }
}

if (INIT_ONLY) {
  try {
    await (await open()).close()
    process.exit(0)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  }
}

try {
  if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initialiseApart()
  db = await open()
  const queue = new SessionQueue(db)
  server = createServer(async (socket) => {
    if (handlers.size >= maxConnections) {
      socket.end()
      return
    }
    const handler = new FramedSocketHandler({ queryQueue: queue, closeOnDetach: true })
    handlers.add(handler)
    handler.addEventListener('close', () => handlers.delete(handler))
    try {
      await handler.attach(socket)
    } catch {
      handlers.delete(handler)
      socket.destroy()
    }
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    if (socketPath) server.listen(socketPath, resolve)
    else server.listen(port, '127.0.0.1', resolve)
  })
  const address = server.address()
  process.send?.(socketPath ? { type: 'ready', socketPath } : { type: 'ready', port: address.port })
} catch (error) {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  await stop(1)
}

process.on('message', (msg) => {
  if (msg && msg.type === 'stop') void stop(0)
  // the parent's watchdog: answered only while this event loop runs (a wedged PGlite blocks it)
  if (msg && msg.type === 'ping') process.send?.({ type: 'pong' })
})
// The parent went away without asking: close the database cleanly rather than leave it mid-write.
process.on('disconnect', () => void stop(0))
process.on('SIGINT', () => {})
process.on('SIGTERM', () => void stop(0))
