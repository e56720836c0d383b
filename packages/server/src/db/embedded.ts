// Starts the embedded PostgreSQL (PGlite) in a child process and answers how to reach it (DESIGN §1).
// Listens on a Unix socket in the data folder (or a free loopback port when that path is too long),
// never on 5432; a lock file keeps a second server from opening the same data folder. The folder is
// private to the service user, checked and fixed at every start (issue 13 item 17; data-dir.ts).
import { type ChildProcess, fork } from 'node:child_process'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ConnectionTarget } from './connection'
import { makePrivate, makePrivateDir, PRIVATE_FILE_MODE } from './data-dir'
import { freeBytes, lastSeenFull } from './disk-space'
import { type WatchdogLog, watchHost } from './host-watchdog'

export interface EmbeddedDatabase {
  target: ConnectionTarget
  stop(): Promise<void>
  /** What the start-up check of the data folder's permissions found and fixed. */
  permissions: { fixed: number; checked: number; existed: boolean }
  /** The database host's process id (changes when the watchdog replaces it). */
  readonly hostPid: number | undefined
}

const hostScript = fileURLToPath(new URL('./pglite-host.mjs', import.meta.url))
// Unix socket paths are limited to 107 bytes on Linux; keep a margin.
const maxSocketPath = 100

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function takeLock(dataDir: string): () => void {
  const lockFile = join(dataDir, 'sextant.lock')
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8').trim())
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The data folder ${dataDir} is in use by another Sextant process (pid ${pid}). Stop it, or set SEXTANT_DATA_DIR to another folder, or use DATABASE_URL to share a PostgreSQL server.`,
      )
    }
  }
  writeFileSync(lockFile, String(process.pid), { mode: PRIVATE_FILE_MODE })
  return () => rmSync(lockFile, { force: true })
}

interface Host {
  child: ChildProcess
  ready: { socketPath?: string; port?: number }
  /** When the host last answered a ping (its event loop runs). */
  lastPong: number
}

/** Forks the PGlite host on the data folder; answers once it listens (on `port` again after a restart). */
async function startHost(dataDir: string, socketPath: string, port?: number): Promise<Host> {
  const child = fork(hostScript, [], {
    env: {
      ...process.env,
      SEXTANT_PGLITE_DIR: join(dataDir, 'pg'),
      SEXTANT_PGLITE_SOCKET: socketPath,
      SEXTANT_PGLITE_PORT: port === undefined ? '' : String(port),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const ready = await new Promise<{ socketPath?: string; port?: number }>((resolvePromise, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`The embedded database stopped during start-up (exit code ${code}).`))
    child.once('exit', onExit)
    child.on('message', (msg: { type: string; message?: string; socketPath?: string; port?: number }) => {
      if (msg.type === 'ready') {
        child.off('exit', onExit)
        resolvePromise(msg)
      } else if (msg.type === 'error') {
        child.off('exit', onExit)
        reject(new Error(`The embedded database in ${dataDir} could not start: ${msg.message}`))
      }
    })
  }).catch((error: unknown) => {
    child.kill()
    throw error
  })
  const host: Host = { child, ready, lastPong: Date.now() }
  child.on('message', (msg: { type: string }) => {
    if (msg.type === 'pong') host.lastPong = Date.now()
  })
  return host
}

export async function startEmbeddedDatabase(
  dataDir: string,
  log: WatchdogLog = { warn: () => {}, info: () => {} },
): Promise<EmbeddedDatabase> {
  const existed = existsSync(join(dataDir, 'pg', 'PG_VERSION'))
  makePrivateDir(join(dataDir, 'pg'))
  // Closes the folder before anything in it is opened; the files PGlite unpacks are fixed once it is up.
  const before = makePrivate(dataDir)
  const releaseLock = takeLock(dataDir)
  const socketDir = dataDir
  const socketPath = join(socketDir, '.s.PGSQL.5432')
  const useSocket = Buffer.byteLength(socketPath) <= maxSocketPath
  if (useSocket) rmSync(socketPath, { force: true })

  const host = (port?: number) => {
    if (useSocket) rmSync(socketPath, { force: true })
    return startHost(dataDir, useSocket ? socketPath : '', port)
  }
  let current = await host().catch((error: unknown) => {
    releaseLock()
    throw error
  })

  const after = makePrivate(dataDir)
  const permissions = { fixed: before.fixed + after.fixed, checked: after.checked, existed }

  const port = current.ready.port
  const target: ConnectionTarget = current.ready.socketPath
    ? { host: socketDir, port: 5432, database: 'postgres', user: 'postgres' }
    : { host: '127.0.0.1', port: port ?? 0, database: 'postgres', user: 'postgres' }

  // A host wedged by a full disk is replaced once space is back (issue 13 item 3; host-watchdog.ts).
  const watchdog = watchHost({
    ping: () => {
      if (current.child.connected) current.child.send({ type: 'ping' })
    },
    lastPong: () => current.lastPong,
    freeBytes: () => freeBytes(dataDir),
    lastSeenFull: () => lastSeenFull(dataDir),
    restart: async () => {
      current.child.kill('SIGKILL')
      await new Promise<void>((resolveExit) =>
        current.child.exitCode !== null || current.child.signalCode !== null
          ? resolveExit()
          : current.child.once('exit', () => resolveExit()),
      )
      current = await host(port)
    },
    log,
  })

  let stopped: Promise<void> | null = null
  return {
    target,
    permissions,
    get hostPid() {
      return current.child.pid
    },
    stop() {
      watchdog.stop()
      const child = current.child
      stopped ??= new Promise<void>((resolveStop) => {
        if (child.exitCode !== null) {
          releaseLock()
          resolveStop()
          return
        }
        child.once('exit', () => {
          releaseLock()
          resolveStop()
        })
        child.send({ type: 'stop' })
        // A database that does not close within 20 s is killed; PGlite recovers from its WAL.
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref()
      })
      return stopped
    },
  }
}

/**
 * The embedded database started ahead of the rest of the server (launch.ts, issue 18 acceptance 6): PGlite
 * starts in its process while the server's modules load in this one. The watchdog's lines wait for the
 * server's logger (`logTo`).
 */
export interface EarlyEmbeddedDatabase {
  dataDir: string
  started: Promise<EmbeddedDatabase>
  logTo(log: WatchdogLog): void
}

export function startEmbeddedDatabaseEarly(dataDir: string): EarlyEmbeddedDatabase {
  let target: WatchdogLog | null = null
  const waiting: { level: keyof WatchdogLog; obj: object; msg: string }[] = []
  const line = (level: keyof WatchdogLog) => (obj: object, msg: string) => {
    if (target) target[level](obj, msg)
    else waiting.push({ level, obj, msg })
  }
  const started = startEmbeddedDatabase(dataDir, { warn: line('warn'), info: line('info') })
  // awaited by startSextant; a start that fails before then must not count as an unhandled rejection
  started.catch(() => {})
  return {
    dataDir,
    started,
    logTo(log) {
      target = log
      for (const { level, obj, msg } of waiting.splice(0)) log[level](obj, msg)
    },
  }
}
