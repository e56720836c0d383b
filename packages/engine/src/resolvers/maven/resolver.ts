// The registered Maven resolver (DESIGN §1 "Resolve"; issue 18 registry): each top-level pom.xml (no
// pom.xml in a folder above it) is a reactor resolved as Maven 3 would through the Maven repository;
// without one the build is named as unresolved rather than silently dropped.
import { baseName } from '../../extractors/shared/define'
import { noBuilds, type Resolver } from '../types'
import { resolveMavenProject } from './project'

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '')

/** pom.xml files not inside another pom.xml's folder tree: each is the top of one build. */
export function topLevelPoms(paths: readonly string[]): string[] {
  const poms = paths.filter((p) => baseName(p) === 'pom.xml')
  const dirs = new Set(poms.map(dirOf))
  return poms
    .filter((p) => {
      const parts = dirOf(p).split('/').filter(Boolean)
      for (let i = 0; i < parts.length; i++) if (dirs.has(parts.slice(0, i).join('/'))) return false
      return true
    })
    .sort()
}

export const mavenResolver: Resolver = {
  id: 'maven',
  ecosystem: 'maven',
  kind: 'manifest',
  datasources: ['maven-repository'],
  matches: (path) => baseName(path) === 'pom.xml',
  builds: (project) => topLevelPoms(project.paths),
  async extractAll(project, deps) {
    const out = noBuilds()
    const repository = deps['maven-repository']
    for (const pomPath of topLevelPoms(project.paths)) {
      out.files.push(pomPath)
      if (!repository) {
        out.warnings.push({
          file: pomPath,
          message: 'Maven build not resolved: no Maven repository is configured',
        })
        continue
      }
      const result = await resolveMavenProject({
        pomPath,
        readFile: project.readFile,
        repository,
        paths: project.paths,
      })
      out.warnings.push(...result.warnings)
      out.graphs.push(result.graph)
    }
    return out
  },
}
