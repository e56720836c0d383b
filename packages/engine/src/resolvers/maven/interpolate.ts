// Property interpolation for the effective POM (Maven model interpolation; DESIGN §1 "Resolve"):
// `${x}` from properties, `project.*` / `pom.*` / `parent.*` / `project.parent.*` from the model,
// nested and recursive references; an undefined property is reported, never guessed.

export interface InterpolationScope {
  properties: Record<string, string>
  project: Record<string, string | undefined>
  parent: Record<string, string | undefined>
}

function lookup(name: string, scope: InterpolationScope): string | undefined {
  if (Object.hasOwn(scope.properties, name)) return scope.properties[name]
  for (const prefix of ['project.parent.', 'parent.']) {
    if (name.startsWith(prefix)) return scope.parent[name.slice(prefix.length)]
  }
  for (const prefix of ['project.', 'pom.']) {
    if (name.startsWith(prefix)) return scope.project[name.slice(prefix.length)]
  }
  return undefined
}

/** Interpolates `${…}`; `missing` collects names that stayed undefined (kept verbatim in the result). */
export function interpolate(
  value: string,
  scope: InterpolationScope,
  missing: Set<string>,
  depth = 0,
): string {
  if (!value.includes('${') || depth > 20) return value
  return value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    const found = lookup(name, scope)
    if (found === undefined) {
      missing.add(name)
      return whole
    }
    return interpolate(found, scope, missing, depth + 1)
  })
}
