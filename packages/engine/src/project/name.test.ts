// projectNameOf (issue 14 "Projects keep their names"): the root pom's name or artifactId, settings.gradle's
// rootProject.name, package.json's name, the SBOM's metadata component; never '.', 'unknown' or '${…}'.
import { describe, expect, it } from 'vitest'
import type { SourceFile } from '../extractors/types'
import { extractProject } from './extract'
import { projectNameOf } from './name'

const nameOf = (files: SourceFile[]) => projectNameOf(files, extractProject(files))

const pom = (inner: string) =>
  `<project><modelVersion>4.0.0</modelVersion><parent><groupId>p</groupId><artifactId>parent-pom</artifactId><version>1</version></parent>${inner}</project>`

const bom = JSON.stringify({
  bomFormat: 'CycloneDX',
  specVersion: '1.5',
  metadata: { component: { type: 'application', name: 'juice-shop', version: '11.1.2' } },
  components: [{ type: 'library', name: 'ms', version: '2.1.3', purl: 'pkg:npm/ms@2.1.3' }],
})

describe('projectNameOf', () => {
  it.each<[string, SourceFile[], string | null]>([
    [
      "the root pom's <name>, not its parent's",
      [
        { path: 'pom.xml', content: pom('<artifactId>shop</artifactId><name>Shop Front</name>') },
        { path: 'api/pom.xml', content: pom('<artifactId>shop-api</artifactId><name>API</name>') },
      ],
      'Shop Front',
    ],
    [
      'the artifactId when <name> is a property',
      [{ path: 'pom.xml', content: pom('<artifactId>shop</artifactId><name>${project.artifactId}</name>') }],
      'shop',
    ],
    [
      "settings.gradle's rootProject.name, not the folder '.'",
      [
        { path: 'settings.gradle', content: "rootProject.name = 'spring-petclinic'\n" },
        { path: 'build.gradle', content: "dependencies { implementation 'a:b:1.0' }\n" },
      ],
      'spring-petclinic',
    ],
    [
      "package.json's name beside its lockfile",
      [
        { path: 'package.json', content: JSON.stringify({ name: 'shop-web', version: '1.0.0' }) },
        {
          path: 'package-lock.json',
          content: JSON.stringify({ name: 'other', lockfileVersion: 3, packages: { '': { name: 'other' } } }),
        },
      ],
      'shop-web',
    ],
    ["the SBOM's metadata component", [{ path: 'bom.json', content: bom }], 'juice-shop'],
    ['nothing when no file names the project', [{ path: 'build.gradle', content: '' }], null],
  ])('%s', (_case, files, expected) => {
    expect(nameOf(files)).toBe(expected)
  })
})
