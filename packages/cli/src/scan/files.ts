// The files a scan reads (issue 15): every path under DIR, filtered by the engine's project scanner
// (the same include/exclude rules as an upload; hidden folders and node_modules skipped), plus the
// `.meterian` exclusions file at the root. Limits are explicit: a scan stops with -3 past them.
import { lstat, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CLI_EXIT_CODES, METERIAN_FILE, type SourceFile, scanPaths } from '@sextant/engine'
import { ScanError } from './errors'

export const SCAN_LIMITS = {
  /** Paths looked at while walking (a monorepo has thousands; a home folder is a mistake). */
  maxPaths: 200_000,
  maxFiles: 2_000,
  maxFileBytes: 64 * 1024 * 1024,
  maxTotalBytes: 512 * 1024 * 1024,
}

async function walk(root: string, rel: string, out: string[]): Promise<void> {
  const entries = await readdir(join(root, rel), { withFileTypes: true })
  for (const e of entries) {
    const path = rel ? `${rel}/${e.name}` : e.name
    if (e.isDirectory()) {
      // Not descended into at all, for speed: scanPaths skips whatever is below them anyway.
      if (e.name === 'node_modules' || e.name.startsWith('.')) continue
      await walk(root, path, out)
    } else if (e.isFile()) {
      out.push(path)
      if (out.length > SCAN_LIMITS.maxPaths)
        throw new ScanError(
          CLI_EXIT_CODES.unsupportedProject,
          `${root} holds more than ${SCAN_LIMITS.maxPaths} files: scan the project folder, or narrow it with --include.`,
        )
    }
    // Symbolic links are not followed: a scan stays inside its folder.
  }
}

export interface ScannedFiles {
  files: SourceFile[]
  totalBytes: number
}

export async function collectFiles(
  dir: string,
  options: { include: string[]; exclude: string[] },
): Promise<ScannedFiles> {
  const info = await lstat(dir).catch(() => null)
  if (!info?.isDirectory()) throw new ScanError(CLI_EXIT_CODES.badUsage, `${dir} is not a folder.`)
  const paths: string[] = []
  await walk(dir, '', paths)
  const { supported } = scanPaths(paths, { include: options.include, exclude: options.exclude })
  const wanted = paths.includes(METERIAN_FILE) ? [...supported, METERIAN_FILE] : supported
  if (supported.length === 0)
    throw new ScanError(
      CLI_EXIT_CODES.unsupportedProject,
      `No supported manifest, lockfile or SBOM under ${dir} (npm, yarn and pnpm lockfiles, package.json, pom.xml, Gradle builds and lockfiles, CycloneDX and SPDX).`,
    )
  if (wanted.length > SCAN_LIMITS.maxFiles)
    throw new ScanError(
      CLI_EXIT_CODES.unsupportedProject,
      `${wanted.length} supported files under ${dir}, over the limit of ${SCAN_LIMITS.maxFiles}: narrow the scan with --include or --exclude.`,
    )
  const files: SourceFile[] = []
  let totalBytes = 0
  for (const path of wanted) {
    const full = join(dir, path)
    const size = (await lstat(full)).size
    if (size > SCAN_LIMITS.maxFileBytes)
      throw new ScanError(
        CLI_EXIT_CODES.unsupportedProject,
        `${path} is ${size} bytes, over the limit of ${SCAN_LIMITS.maxFileBytes}: leave it out with --exclude.`,
      )
    totalBytes += size
    if (totalBytes > SCAN_LIMITS.maxTotalBytes)
      throw new ScanError(
        CLI_EXIT_CODES.unsupportedProject,
        `The supported files under ${dir} add up to more than ${SCAN_LIMITS.maxTotalBytes} bytes: narrow the scan with --include or --exclude.`,
      )
    files.push({ path, content: await readFile(full, 'utf8') })
  }
  return { files, totalBytes }
}
