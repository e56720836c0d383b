// The embedded database's data folder is private to the service user (issue 13 item 17): the folder and
// every folder in it 0700, every file 0600. PGlite unpacks its initial cluster with mode 0666 whatever the
// umask, so the folder is checked and fixed at every start (the caller logs what was fixed); files PGlite
// creates later follow the host process's umask 077 (pglite-host.mjs).
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Creates the folder (and its parents) private to the owner; an existing one keeps its mode here. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
}

export interface PermissionFix {
  /** Folders and files whose mode let the group or other users in, now private. */
  fixed: number
  /** Every folder and file looked at. */
  checked: number
}

/**
 * Takes group and other permissions off `dir` and everything below it: folders 0700, files 0600.
 * Symbolic links are neither followed nor changed. Iterative, so a deep tree cannot overflow the stack.
 */
export function makePrivate(dir: string): PermissionFix {
  let fixed = 0
  let checked = 0
  const stack = [dir]
  while (stack.length > 0) {
    const path = stack.pop()!
    const info = lstatSync(path)
    if (info.isSymbolicLink()) continue
    checked++
    const wanted = info.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE
    if ((info.mode & 0o777) !== wanted && (info.mode & 0o077) !== 0) {
      chmodSync(path, wanted)
      fixed++
    }
    if (info.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name))
  }
  return { fixed, checked }
}
