// editPoms (issue 19 "Downloadable as a patch to … pom.xml"): upgrades and pins written into POM text,
// touching only what changes.
import { describe, expect, it } from 'vitest'
import { editPoms } from './pom-edit'

const pom = (body: string) => `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>app</artifactId>
  <version>1</version>
${body}</project>
`
const dep = (g: string, a: string, v?: string, indent = '    ') =>
  `${indent}<dependency>\n${indent}  <groupId>${g}</groupId>\n${indent}  <artifactId>${a}</artifactId>\n${v === undefined ? '' : `${indent}  <version>${v}</version>\n`}${indent}</dependency>\n`

/** A Maven property reference, written apart so it is not read as a template placeholder. */
const PROPERTY = ['$', '{jackson.version}'].join('')

describe('editPoms', () => {
  it('replaces a literal version, and a property reference in that declaration only', () => {
    const content = pom(
      `  <properties>\n    <jackson.version>2.12.6</jackson.version>\n  </properties>\n  <dependencies>\n${dep('a', 'x', '1.0')}${dep('com.fasterxml.jackson.core', 'jackson-databind', PROPERTY)}${dep('com.fasterxml.jackson.core', 'jackson-core', PROPERTY)}  </dependencies>\n`,
    )
    const out = editPoms(
      [{ path: 'pom.xml', content }],
      [
        { name: 'a:x', to: '1.2' },
        { name: 'com.fasterxml.jackson.core:jackson-databind', to: '2.14.0' },
      ],
      [],
    )
    expect(out.skipped).toEqual([])
    const text = out.files[0]!.content
    expect(text).toContain('<artifactId>x</artifactId>\n      <version>1.2</version>')
    expect(text).toContain('<artifactId>jackson-databind</artifactId>\n      <version>2.14.0</version>')
    expect(text).toContain(`<artifactId>jackson-core</artifactId>\n      <version>${PROPERTY}</version>`)
    expect(text).toContain('<jackson.version>2.12.6</jackson.version>')
  })

  it('gives a version to a declaration managed outside the project, and sets a managed one in place', () => {
    const external = pom(`  <dependencies>\n${dep('a', 'x')}  </dependencies>\n`)
    expect(
      editPoms([{ path: 'pom.xml', content: external }], [{ name: 'a:x', to: '2' }], []).files[0]!.content,
    ).toContain('<artifactId>x</artifactId>\n      <version>2</version>')
    const managed = pom(
      `  <dependencyManagement>\n    <dependencies>\n${dep('a', 'x', '1', '      ')}    </dependencies>\n  </dependencyManagement>\n  <dependencies>\n${dep('a', 'x')}  </dependencies>\n`,
    )
    const text = editPoms([{ path: 'pom.xml', content: managed }], [{ name: 'a:x', to: '2' }], []).files[0]!
      .content
    expect(text.match(/<version>2<\/version>/g)).toHaveLength(1)
    expect(text).toContain(`${dep('a', 'x')}  </dependencies>\n</project>`)
  })

  it('pins in the top-level POM, creating its dependencyManagement when absent', () => {
    const root = pom(`  <modules>\n    <module>core</module>\n  </modules>\n`)
    const core = pom(`  <dependencies>\n${dep('a', 'x', '1')}  </dependencies>\n`)
    const out = editPoms(
      [
        { path: 'pom.xml', content: root },
        { path: 'core/pom.xml', content: core },
      ],
      [],
      [{ name: 'g:lib', to: '3.0' }],
    )
    expect(out.files.map((f) => f.path)).toEqual(['pom.xml'])
    expect(out.files[0]!.content).toBe(
      pom(
        `  <modules>\n    <module>core</module>\n  </modules>\n  <dependencyManagement>\n    <dependencies>\n${dep('g', 'lib', '3.0', '      ')}    </dependencies>\n  </dependencyManagement>\n`,
      ),
    )
  })

  it('names an upgrade no POM declares', () => {
    const out = editPoms([{ path: 'pom.xml', content: pom('') }], [{ name: 'a:x', to: '2' }], [])
    expect(out).toEqual({ files: [], skipped: [{ name: 'a:x', why: 'no POM of the project declares it' }] })
  })
})
