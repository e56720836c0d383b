// The registry web page of a component (spec accounts-and-api §7 "GET /api/v1/components/{language}/{name}/
// {version}/registryWebUrl[?redirect=true]", issue 17 "Component links"): the public page people read
// about a package version on, per ecosystem. Pure, so the server's route and the web app agree. Names
// come as the report writes them: npm '@scope/name', Maven 'group:artifact', PyPI as published.
import { z } from 'zod'

export const componentParamsSchema = z.object({
  language: z.string().min(1),
  name: z.string().min(1).max(512),
  version: z.string().min(1).max(256),
})
export const componentLinkQuerySchema = z.object({
  redirect: z
    .enum(['true', 'false'], { message: "redirect is 'true' or 'false'." })
    .optional()
    .transform((v) => v === 'true'),
})
export const componentLinkSchema = z.object({
  language: z.string(),
  name: z.string(),
  version: z.string(),
  url: z.string(),
})
export type ComponentLink = z.infer<typeof componentLinkSchema>

const seg = encodeURIComponent
/** PEP 503: runs of '-', '_' and '.' are one '-', lower case. */
const pypiName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, '-')

/** The registry web page of a version; null for a language with no public registry we know, or a bad name. */
export function registryWebUrl(language: string, name: string, version: string): string | null {
  switch (language) {
    case 'nodejs': {
      // A scoped name keeps its '/' (npmjs.com/package/@scope/name).
      if (!/^(@[^/@\s]+\/)?[^/@\s]+$/.test(name)) return null
      const path = name.startsWith('@')
        ? `${seg(name.split('/')[0]!)}/${seg(name.split('/')[1]!)}`
        : seg(name)
      return `https://www.npmjs.com/package/${path}/v/${seg(version)}`
    }
    case 'java': {
      const [group, artifact, ...rest] = name.split(':')
      if (!group || !artifact || rest.length) return null
      return `https://central.sonatype.com/artifact/${seg(group)}/${seg(artifact)}/${seg(version)}`
    }
    case 'python':
      return `https://pypi.org/project/${seg(pypiName(name))}/${seg(version)}/`
    case 'golang':
      return `https://pkg.go.dev/${name.split('/').map(seg).join('/')}@${seg(version)}`
    case 'php':
      return `https://packagist.org/packages/${name.split('/').map(seg).join('/')}#${seg(version)}`
    case 'dotnet':
      return `https://www.nuget.org/packages/${seg(name)}/${seg(version)}`
    case 'ruby':
      return `https://rubygems.org/gems/${seg(name)}/versions/${seg(version)}`
    case 'rust':
      return `https://crates.io/crates/${seg(name)}/${seg(version)}`
    default:
      return null
  }
}
