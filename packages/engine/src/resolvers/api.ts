// The explicit resolver registry (STYLE rule 2; issue 18 "one plugin registry"): folder name = id =
// key here. Resolution runs in this order, so their graphs and warnings merge in this order too.
import { gradleResolver } from './gradle/resolver'
import { mavenResolver } from './maven/resolver'
import { npmResolver } from './npm/resolver'
import type { Resolver } from './types'

export const resolvers: readonly Resolver[] = [npmResolver, gradleResolver, mavenResolver]

/** Every registered resolver whose `matches` accepts the path, in registry order. */
export function resolversFor(path: string): Resolver[] {
  return resolvers.filter((r) => r.matches(path))
}
