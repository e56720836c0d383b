// Issue 3 acceptance 1: every corpus project with a JavaScript lockfile or an SBOM extracts without
// error, and each file's unique name@version count equals ../shared/corpus/expected (README §5 rules).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { extractorsFor } from '../extractors/api'
import type { SourceFile } from '../extractors/types'
import { requireCorpus } from '../testing/corpus'
import { extractProject } from './extract'

const corpus = requireCorpus()
const JS_OR_SBOM =
  /(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bom[^/]*\.(json|xml))$/

/**
 * Known differences (expected − ours), each with its reason. The corpus counts the SBOM's own
 * metadata.component (the project itself); we make it the graph root, not one of its components.
 */
const DIFFERENCES: Record<string, { diff: number; reason: string }> = {
  'cdx-cern-lhc-vdm-editor:SBOM/cern-lhc-vdm-editor-e564943/bom.json': {
    diff: 1,
    reason: 'root lhc-vdm-editor@0.0.1 is the project',
  },
  'cdx-cern-lhc-vdm-editor:SBOM/cern-lhc-vdm-editor-e564943/bom.xml': {
    diff: 1,
    reason: 'root lhc-vdm-editor@0.0.1 is the project',
  },
  'cdx-dropwizard-1.3.15:SBOM/dropwizard-1.3.15/bom.json': {
    diff: 1,
    reason: 'root dropwizard-parent@1.3.15 is the project',
  },
  'cdx-dropwizard-1.3.15:SBOM/dropwizard-1.3.15/bom.xml': {
    diff: 1,
    reason: 'root dropwizard-parent@1.3.15 is the project',
  },
  'cdx-juice-shop-11.1.2:SBOM/juice-shop/v11.1.2/bom.json': {
    diff: 1,
    reason: 'root juice-shop@11.1.2 is the project',
  },
  'cdx-juice-shop-11.1.2:SBOM/juice-shop/v11.1.2/bom.xml': {
    diff: 1,
    reason: 'root juice-shop@11.1.2 is the project',
  },
}

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name)
    return statSync(full).isDirectory() ? walk(full, `${prefix}${name}/`) : [`${prefix}${name}`]
  })
}

const projects = readdirSync(join(corpus, 'projects')).filter((p) =>
  walk(join(corpus, 'projects', p)).some((f) => JS_OR_SBOM.test(f)),
)

describe.each(projects)('corpus project %s', (project) => {
  const dir = join(corpus, 'projects', project)
  const files: SourceFile[] = walk(dir).map((path) => ({
    path,
    content: readFileSync(join(dir, path), 'utf8'),
  }))
  const expected = JSON.parse(
    readFileSync(join(corpus, 'expected', 'projects', `${project}.json`), 'utf8'),
  ) as {
    component_counts: Record<string, number>
  }
  const ctx = {
    readFile: (p: string) => files.find((f) => f.path === p)?.content ?? null,
    paths: () => files.map((f) => f.path),
  }

  it('extracts without error', () => {
    const result = extractProject(files)
    expect(result.errors).toEqual([])
    expect(result.graph.components.length).toBeGreaterThan(0)
  })

  it.each(Object.keys(expected.component_counts))('counts unique name@version in %s', (path) => {
    const file = files.find((f) => f.path === path)!
    const extractor = extractorsFor(path)[0]!
    const result = extractor.extract(file, ctx)
    if (!result.ok) throw new Error(JSON.stringify(result.error))
    const sbom = extractor.id.startsWith('cyclonedx') || extractor.id.startsWith('spdx')
    const counted = result.graph.components.filter((c) =>
      sbom
        ? c.ecosystem === 'npm' || c.ecosystem === 'maven'
        : c.source !== 'link' && c.source !== 'file' && c.source !== 'workspace',
    )
    const unique = new Set(counted.map((c) => `${c.name}@${c.version}`))
    const known = DIFFERENCES[`${project}:${path}`]?.diff ?? 0
    expect(unique.size).toBe(expected.component_counts[path]! - known)
  })
})
