// The machine's local Maven repositories served for tests (issue 19 acceptance 2, Maven half): the
// user's local repository (~/.m2/repository, or SEXTANT_LOCAL_MAVEN_REPOSITORY) and Debian's
// /usr/share/maven-repo, each behind the fake Maven repository (fake-maven-repository.ts). Neither folder
// holds maven-metadata.xml (Maven writes maven-metadata-<repo>.xml only for what it resolved), so each
// artifact's metadata is written from the versions whose POM the folder has: a version list exactly as
// a remote repository would answer for those files. Tests only.
import { existsSync, readdirSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { type FakeMavenRepository, startFakeMavenRepository } from './fake-maven-repository'

export const LOCAL_MAVEN_REPOSITORY =
  process.env.SEXTANT_LOCAL_MAVEN_REPOSITORY ?? join(homedir(), '.m2', 'repository')
export const DEBIAN_MAVEN_REPOSITORY = '/usr/share/maven-repo'

/** `group/path/artifact/maven-metadata.xml` → document, for every artifact folder with a version's POM. */
export function metadataOfFolder(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (dir: string, parts: string[]) => {
    const entries = readdirSync(join(root, dir), { withFileTypes: true }).filter((e) => e.isDirectory())
    const artifactId = parts.at(-1) ?? ''
    const versions = entries
      .map((e) => e.name)
      .filter((v) => existsSync(join(root, dir, v, `${artifactId}-${v}.pom`)))
    if (versions.length > 0 && parts.length >= 2) {
      const groupId = parts.slice(0, -1).join('.')
      out[`${dir}/maven-metadata.xml`] =
        `<metadata><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId><versioning><versions>${versions
          .map((v) => `<version>${v}</version>`)
          .join('')}</versions></versioning></metadata>`
    }
    for (const e of entries)
      if (!versions.includes(e.name)) walk(dir ? `${dir}/${e.name}` : e.name, [...parts, e.name])
  }
  walk('', [])
  return out
}

export interface LocalMavenRepositories {
  /** Base URLs, the local repository first. */
  urls: string[]
  close(): Promise<void>
}

export async function startLocalMavenRepositories(): Promise<LocalMavenRepositories> {
  const roots = [LOCAL_MAVEN_REPOSITORY, DEBIAN_MAVEN_REPOSITORY]
  for (const root of roots)
    if (!existsSync(root))
      throw new Error(
        `The local Maven repository ${root} is missing (SEXTANT_LOCAL_MAVEN_REPOSITORY moves ~/.m2/repository).`,
      )
  const repos: FakeMavenRepository[] = []
  for (const root of roots) repos.push(await startFakeMavenRepository(root, metadataOfFolder(root)))
  return {
    urls: repos.map((r) => r.url),
    close: async () => {
      await Promise.all(repos.map((r) => r.close()))
    },
  }
}
