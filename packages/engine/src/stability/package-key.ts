// The key of a package in metadata maps handed to the stability and licensing builders:
// `<ecosystem>/<native name>` (`npm/@babel/core`, `maven/org.slf4j:slf4j-api`), one per registry package.
import type { Component, Ecosystem } from '../model'

export function packageKey(ecosystem: Ecosystem, name: string): string {
  return `${ecosystem}/${name}`
}

export function packageKeyOf(component: Pick<Component, 'ecosystem' | 'name'>): string {
  return packageKey(component.ecosystem, component.name)
}

/** Components that come from a package registry (others have no versions or licences to look up). */
export function isRegistryComponent(component: Pick<Component, 'source'>): boolean {
  return component.source === 'registry' || component.source === 'sbom' || component.source === 'unknown'
}
