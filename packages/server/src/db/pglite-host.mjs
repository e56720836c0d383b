// Child process hosting the embedded PostgreSQL (PGlite) behind the pg wire protocol (DESIGN §1
// "Embedded default"): keeps WASM query work off the HTTP event loop. Plain JS so it needs no loader.
// Protocol over IPC: parent sends {type:'stop'}; child sends {type:'ready', socketPath|port} or {type:'error'}.
import { PGlite } from '@electric-sql/pglite'
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'

const dataDir = process.env.SEXTANT_PGLITE_DIR
const socketPath = process.env.SEXTANT_PGLITE_SOCKET || undefined
const maxConnections = Number(process.env.SEXTANT_PGLITE_MAX_CONNECTIONS || 24)

let db
let server
let stopping = false

async function stop(code) {
  if (stopping) return
  stopping = true
  try {
    await server?.stop()
    await db?.close()
  } finally {
    process.exit(code)
  }
}

try {
  db = await PGlite.create(dataDir)
  server = socketPath
    ? new PGLiteSocketServer({ db, path: socketPath, maxConnections })
    : new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections })
  await server.start()
  const address = socketPath ? { socketPath } : { port: Number(server.getServerConn().split(':').pop()) }
  process.send?.({ type: 'ready', ...address })
} catch (error) {
  process.send?.({ type: 'error', message: error instanceof Error ? error.message : String(error) })
  await stop(1)
}

process.on('message', (msg) => {
  if (msg && msg.type === 'stop') void stop(0)
})
// The parent went away without asking: close the database cleanly rather than leave it mid-write.
process.on('disconnect', () => void stop(0))
process.on('SIGINT', () => {})
process.on('SIGTERM', () => void stop(0))
