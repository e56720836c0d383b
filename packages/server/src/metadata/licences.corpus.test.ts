// Issue 5 acceptance 2: for the npm corpus projects whose packuments are recorded, our licence per
// package (lockfile extracted, metadata through the facade from the local registry, licensing section
// by the engine) equals the lockfile's `license` and the recorded packument's, both normalised to SPDX.
// license-checker-rseidelsohn is not run: no node_modules can be installed offline (see below).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { buildLicensingSection, extractProject, normaliseLicence, packageKeyOf } from '@sextant/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  corpusDir,
  recordedPackuments,
  startTestNpmRegistry,
  type TestNpmRegistry,
} from '../testing/npm-registry'
import { createMetadataSource } from './source'
import { type MigratedDatabase, openMigratedDatabase } from './test-database'

/**
 * license-checker-rseidelsohn (not run) reads licences from an installed node_modules (package.json
 * and LICENSE files). None can be installed offline: `npm ci --ignore-scripts --registry <local>`
 * (tried on 2026-11-22 against this registry) stops at the first tarball with E404
 * (`GET /yocto-queue/-/yocto-queue-0.1.0.tgz`), as the recorded packuments hold no tarballs. A
 * node_modules rebuilt from the lockfile alone (as for `npm outdated`) would carry only the
 * lockfile's licences, which the comparison below already covers.
 */

/** What one project's comparison found; `documented` below pins it, with the reasons. */
interface ProjectRecord {
  components: number
  /** Components whose lockfile entry has a `license` (lockfile v2/v3 `packages[…].license`). */
  comparedWithLockfile: number
  /** Components whose version is in the recorded packument. */
  comparedWithPackument: number
  /** Versions the packument does not list: ours comes from the package's (latest) licence. */
  notInPackument: string[]
  /** Ours ≠ lockfile or ≠ packument after SPDX normalisation: none may be left unexplained. */
  differences: { key: string; ours: string | null; lockfile?: string | null; packument?: string | null }[]
  /** Lockfile and packument declare it in different forms that normalise to the same SPDX text. */
  formsDiffer: string[]
  /** Not SPDX as declared: read through spdx-correct or the licence URL (the same on both sides). */
  guessed: string[]
  /** Declared, but nothing recognised: the report shows 'NOT DECLARED / NOT FOUND' with a warning. */
  unrecognised: string[]
}

const sameJson = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

interface LockEntry {
  name?: string
  version?: string
  license?: unknown
  link?: boolean
}

/** `license` of every `packages` entry, by name@version (the same package at several paths agrees). */
function lockfileLicences(packageLock: string): Map<string, unknown> {
  const lock = JSON.parse(packageLock) as { packages?: Record<string, LockEntry> }
  const out = new Map<string, unknown>()
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    if (!key.includes('node_modules/') || entry.link || entry.license === undefined) continue
    const name = entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length)
    out.set(`${name}@${entry.version}`, entry.license)
  }
  return out
}

/** The recorded version's own `license` (legacy `licenses` when absent); `undefined` = not recorded. */
function packumentLicence(name: string, version: string): unknown {
  const line = recordedPackuments().get(name)
  if (!line) return undefined
  const doc = JSON.parse(line) as { versions?: Record<string, { license?: unknown; licenses?: unknown }> }
  const v = doc.versions?.[version]
  if (!v) return undefined
  return v.license ?? v.licenses ?? null
}

const spdx = (declared: unknown): string | null => normaliseLicence(declared).text

/**
 * Per project, what the comparison finds. No difference is left: ours equals the lockfile's licence
 * (input first) and the packument version's wherever each exists. What needed a reason:
 * - notInPackument: the recorded fsevents packument lists no 1.2.9 (its 1.2.x are 1.2.11-1.2.13) and
 *   grunt-if@0.2.0 is a GitHub tarball (the registry has only 0.1.5): both get the latest version's licence.
 * - formsDiffer: npm wrote `{type,url}` objects into the lockfile as the plain type; equal once normalised.
 * - guessed: legacy `BSD` (read as BSD-2-Clause by spdx-correct unless a {type,url} names the exact
 *   licence in its URL, which then wins), `MIT/X11`, `Apache 2.0`, `Apache2`: both sides go through the
 *   same normalisation.
 * - unrecognised: `Public Domain` and `SEE LICENSE IN …` are not SPDX; shown with the spec's warning.
 * realworld-express-api's lockfile records no `license` at all (npm wrote none), so only the
 * packuments are compared there.
 */
const documented: Record<string, ProjectRecord> = {
  nodegoat: {
    components: 1091,
    comparedWithLockfile: 385,
    comparedWithPackument: 1089,
    notInPackument: [
      'fsevents@1.2.9 (registry) → MIT from the registry-package',
      'grunt-if@0.2.0 (tarball) → MIT from the registry-package',
    ],
    differences: [],
    formsDiffer: [
      'arr-flatten@1.0.1: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/arr-flatten/blob/master/LICENSE"} → MIT',
      'array-unique@0.2.1: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/array-unique/blob/master/LICENSE"} → MIT',
      'filename-regex@2.0.0: "MIT" / {"type":"MIT","url":"https://github.com/regexps/filename-regex/blob/master/LICENSE-MIT"} → MIT',
      'glob-base@0.3.0: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/glob-base/blob/master/LICENSE"} → MIT',
      'is-primitive@2.0.0: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/is-primitive/blob/master/LICENSE"} → MIT',
      'jju@1.3.0: "WTFPL" / {"type":"WTFPL","url":"http://www.wtfpl.net/txt/copying/"} → WTFPL',
      'longest@1.0.1: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/longest/blob/master/LICENSE"} → MIT',
      'preserve@0.2.0: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/preserve/blob/master/LICENSE-MIT"} → MIT',
      'repeat-element@1.1.2: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/repeat-element/blob/master/LICENSE"} → MIT',
    ],
    guessed: [
      'boom@0.4.2: [{"type":"BSD","url":"http://github.com/spumko/boom/raw/master/LICENSE"}] → BSD-2-Clause',
      'cryptiles@0.2.2: [{"type":"BSD","url":"http://github.com/hueniverse/cryptiles/raw/master/LICENSE"}] → BSD-2-Clause',
      'diff@1.4.0: [{"type":"BSD","url":"http://github.com/kpdecker/jsdiff/blob/master/LICENSE"}] → BSD-2-Clause',
      'entities@1.0.0: "BSD-like" → BSD-2-Clause',
      'esutils@2.0.2: [{"type":"BSD","url":"http://github.com/estools/esutils/raw/master/LICENSE.BSD"}] → BSD-2-Clause',
      'glob@3.2.11: "BSD" → BSD-2-Clause',
      'grunt-env@1.0.1: [{"type":"Apache2","url":"https://github.com/jsoverson/grunt-env/blob/master/LICENSE-Apache2"}] → Apache-2.0',
      'hawk@1.0.0: [{"type":"BSD","url":"http://github.com/hueniverse/hawk/raw/master/LICENSE"}] → BSD-2-Clause',
      'hoek@0.9.1: [{"type":"BSD","url":"http://github.com/spumko/hoek/raw/master/LICENSE"}] → BSD-2-Clause',
      'jsbn@0.1.0: "BSD" → BSD-2-Clause',
      'json-schema@0.2.3: [{"type":"AFLv2.1","url":"http://trac.dojotoolkit.org/browser/dojo/trunk/LICENSE#L43"},{"type":"BSD","url":"http://trac.dojotoolkit.org/browser/dojo/trunk/LICENSE#L13"}] → AFL-2.1 OR BSD-2-Clause',
      'mkdirp@0.3.0: "MIT/X11" → MIT',
      'node-eta@0.1.1: "BSD" → BSD-2-Clause',
      'optimist@0.2.8: "MIT/X11" → MIT',
      'optimist@0.6.0: "MIT/X11" → MIT',
      'optimist@0.6.1: "MIT/X11" → MIT',
      'request@2.36.0: "Apache, Version 2.0" → Apache-2.0',
      'revalidator@0.1.8: "Apache 2.0" → Apache-2.0',
      'sax@0.6.1: "BSD" → BSD-2-Clause',
      'shelljs@0.3.0: "BSD*" → BSD-2-Clause',
      'sntp@0.2.4: [{"type":"BSD","url":"http://github.com/hueniverse/sntp/raw/master/LICENSE"}] → BSD-2-Clause',
      'sntp@1.0.9: [{"type":"BSD","url":"http://github.com/hueniverse/sntp/raw/master/LICENSE"}] → BSD-2-Clause',
      'uglify-js@2.4.24: "BSD" → BSD-2-Clause',
      'walkdir@0.0.7: "MIT/X11" → MIT',
      'wordwrap@0.0.2: "MIT/X11" → MIT',
      'yargs@3.5.4: "MIT/X11" → MIT',
      'zaproxy@0.2.0: [{"type":"Apache","url":"https://raw.githubusercontent.com/zaproxy/zaproxy/develop/LICENSE-2.0.txt"}] → Apache-2.0',
    ],
    unrecognised: ['jsonify@0.0.0: "Public Domain"', 'tweetnacl@0.14.3: "SEE LICENSE IN COPYING.txt"'],
  },
  'pdf.js': {
    components: 828,
    comparedWithLockfile: 827,
    comparedWithPackument: 828,
    notInPackument: [],
    differences: [],
    formsDiffer: [
      'ansi-wrap@0.1.0: "MIT" / {"type":"MIT","url":"https://github.com/jonschlinkert/ansi-wrap/blob/master/LICENSE"} → MIT',
    ],
    guessed: [],
    unrecognised: [],
  },
  'realworld-express-api': {
    components: 733,
    comparedWithLockfile: 0,
    comparedWithPackument: 733,
    notInPackument: [],
    differences: [],
    formsDiffer: [],
    guessed: [],
    unrecognised: [],
  },
}

describe('licence per package vs lockfile and packuments (corpus)', () => {
  let registry: TestNpmRegistry
  let database: MigratedDatabase

  beforeAll(async () => {
    registry = await startTestNpmRegistry()
    database = await openMigratedDatabase('embedded')
  })
  afterAll(async () => {
    await registry.close()
    await database.close()
  })

  it.each(Object.keys(documented))('%s', async (project) => {
    const dir = join(corpusDir, 'projects', project)
    const packageJson = readFileSync(join(dir, 'package.json'), 'utf8')
    const packageLock = readFileSync(join(dir, 'package-lock.json'), 'utf8')
    const { graph } = extractProject([
      { path: 'package.json', content: packageJson },
      { path: 'package-lock.json', content: packageLock },
    ])
    const components = graph.components.filter((c) => c.ecosystem === 'npm')
    expect(components.length).toBeGreaterThan(500)

    const source = createMetadataSource(database.db, {
      npmRegistry: registry.url,
      mavenRepositories: [],
      metadataTtlMs: 3600_000,
      offline: false,
    })
    const batch = await source.metadataFor(components.map((c) => ({ ecosystem: c.ecosystem, name: c.name })))
    const { details, missingMetadata } = buildLicensingSection({
      components,
      metadata: batch.packages,
      policies: [],
    })
    expect(batch.problems).toEqual([])
    expect(missingMetadata).toEqual([])
    const byPurl = new Map(details.map((d) => [d.purl, d]))

    const locked = lockfileLicences(packageLock)
    const record: ProjectRecord = {
      components: components.length,
      comparedWithLockfile: 0,
      comparedWithPackument: 0,
      notInPackument: [],
      differences: [],
      formsDiffer: [],
      guessed: [],
      unrecognised: [],
    }
    for (const c of components) {
      const detail = byPurl.get(c.purl)
      expect(detail, c.purl).toBeDefined()
      expect(batch.packages.has(packageKeyOf(c)), c.name).toBe(true)
      if (!detail) continue
      const ours = detail.assessment.normalised.text
      const key = `${c.name}@${c.version}`
      const rawLock = locked.get(key)
      const rawPackument = packumentLicence(c.name, c.version)
      const lockfile = rawLock === undefined ? undefined : spdx(rawLock)
      const packument = rawPackument === undefined ? undefined : spdx(rawPackument)
      if (lockfile !== undefined) record.comparedWithLockfile++
      if (packument !== undefined) record.comparedWithPackument++
      else record.notInPackument.push(`${key} (${c.source}) → ${ours} from the ${detail.origin}`)
      if ((lockfile !== undefined && lockfile !== ours) || (packument !== undefined && packument !== ours))
        record.differences.push({ key, ours, lockfile, packument })
      if (rawLock !== undefined && rawPackument !== undefined && !sameJson(rawLock, rawPackument))
        record.formsDiffer.push(
          `${key}: ${JSON.stringify(rawLock)} / ${JSON.stringify(rawPackument)} → ${ours}`,
        )
      const declared = JSON.stringify(rawLock ?? rawPackument)
      if (detail.assessment.normalised.guessed) record.guessed.push(`${key}: ${declared} → ${ours}`)
      if (detail.assessment.normalised.status === 'unrecognised')
        record.unrecognised.push(`${key}: ${declared}`)
    }
    const sort = (r: ProjectRecord): ProjectRecord => ({
      ...r,
      notInPackument: [...r.notInPackument].sort(),
      formsDiffer: [...r.formsDiffer].sort(),
      guessed: [...r.guessed].sort(),
      unrecognised: [...r.unrecognised].sort(),
    })
    expect(sort(record)).toEqual(documented[project])
  })
})
