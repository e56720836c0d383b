// Search and sorting of the project list (report-page §2 Routes: /projects.html "search and sorting"):
// a case-insensitive search over title, name, repository URL and branch names, and a stable sort.
import type { Project } from '@sextant/contract'

export const PROJECT_SORTS = [
  { value: 'name-asc', label: 'Name (A to Z)' },
  { value: 'name-desc', label: 'Name (Z to A)' },
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'branches', label: 'Most branches' },
] as const
export type ProjectSort = (typeof PROJECT_SORTS)[number]['value']

export function isProjectSort(value: string | null): value is ProjectSort {
  return PROJECT_SORTS.some((sort) => sort.value === value)
}

const displayName = (project: Project) => project.title || project.name

function matches(project: Project, needle: string): boolean {
  const fields = [project.title, project.name, project.url ?? '', ...project.branches]
  return fields.some((field) => field.toLowerCase().includes(needle))
}

function compare(sort: ProjectSort): (a: Project, b: Project) => number {
  const byName = (a: Project, b: Project) =>
    displayName(a).localeCompare(displayName(b), 'en', { sensitivity: 'base', numeric: true })
  switch (sort) {
    case 'name-asc':
      return byName
    case 'name-desc':
      return (a, b) => byName(b, a)
    case 'newest':
      return (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b)
    case 'oldest':
      return (a, b) => a.createdAt.localeCompare(b.createdAt) || byName(a, b)
    case 'branches':
      return (a, b) => b.branches.length - a.branches.length || byName(a, b)
  }
}

/** The projects matching the search (every word must match some field), in the chosen order. */
export function visibleProjects(projects: readonly Project[], search: string, sort: ProjectSort): Project[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean)
  return projects.filter((project) => words.every((word) => matches(project, word))).sort(compare(sort))
}
