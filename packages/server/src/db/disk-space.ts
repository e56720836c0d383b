// Free space under the embedded database's data folder (issue 13 item 3): the health check reports a
// full disk as the reason the server is down, instead of answering healthy while every write fails.
import { statfs } from 'node:fs/promises'
import { resolve } from 'node:path'

/** Below this, the embedded database cannot start a new WAL segment (16 MB) plus a little: writes fail. */
export const MIN_FREE_BYTES = 32 * 1024 * 1024

const mb = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MB`

// When each data folder's disk was last seen too full, by any reader (the health check, the embedded
// database's watchdog): a disk that fills and is freed between two of the watchdog's pings is still seen.
const lastFull = new Map<string, number>()

function note(dir: string, free: number): void {
  if (free < MIN_FREE_BYTES) lastFull.set(resolve(dir), Date.now())
}

/** When the folder's disk was last seen with less than MIN_FREE_BYTES free (epoch ms; 0: never). */
export function lastSeenFull(dir: string): number {
  return lastFull.get(resolve(dir)) ?? 0
}

/** Bytes an unprivileged writer may still use on the folder's file system. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await statfs(dir)
  const free = s.bavail * s.bsize
  note(dir, free)
  return free
}

/** One line on the data folder's space; throws, naming the folder and the figures, when it is too low. */
export async function dataFolderSpace(dataDir: string): Promise<string> {
  const s = await statfs(dataDir)
  const free = s.bavail * s.bsize
  note(dataDir, free)
  const line = `${mb(free)} free of ${mb(s.blocks * s.bsize)} in ${dataDir}`
  if (free < MIN_FREE_BYTES)
    throw new Error(
      `the disk of the data folder is full: ${line} (at least ${mb(MIN_FREE_BYTES)} needed); writes fail until space is freed`,
    )
  return line
}
