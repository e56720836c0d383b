import type { Project } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { isProjectSort, visibleProjects } from './project-list-model'

function project(name: string, createdAt: string, extra: Partial<Project> = {}): Project {
  return {
    uuid: `uuid-${name}`,
    name,
    title: '',
    url: null,
    accountUuid: 'a',
    isPublic: false,
    readonly: false,
    branches: ['main'],
    thresholds: { security: 90, stability: 80, licensing: 95 },
    analyses: [],
    createdAt,
    ...extra,
  }
}

const list = [
  project('nodegoat', '2026-01-02T00:00:00Z', { branches: ['main', 'dev', 'release'] }),
  project('Juice-Shop', '2026-03-01T00:00:00Z', { url: 'https://example.org/bkimminich/juice-shop' }),
  project('api2', '2026-02-01T00:00:00Z', { title: 'Billing API' }),
  project('api10', '2026-02-01T00:00:00Z'),
]
const names = (projects: Project[]) => projects.map((p) => p.name)

describe('visibleProjects', () => {
  it.each([
    ['name-asc', ['api10', 'api2', 'Juice-Shop', 'nodegoat']],
    ['name-desc', ['nodegoat', 'Juice-Shop', 'api2', 'api10']],
    ['newest', ['Juice-Shop', 'api10', 'api2', 'nodegoat']],
    ['oldest', ['nodegoat', 'api10', 'api2', 'Juice-Shop']],
    ['branches', ['nodegoat', 'api10', 'api2', 'Juice-Shop']],
  ] as const)('sorts by %s', (sort, expected) => {
    expect(names(visibleProjects(list, '', sort))).toEqual(expected)
  })

  it('searches title, name, URL and branches, case-insensitively, every word', () => {
    expect(names(visibleProjects(list, 'billing', 'name-asc'))).toEqual(['api2'])
    expect(names(visibleProjects(list, 'BKIMMINICH', 'name-asc'))).toEqual(['Juice-Shop'])
    expect(names(visibleProjects(list, 'release', 'name-asc'))).toEqual(['nodegoat'])
    expect(names(visibleProjects(list, 'api main', 'name-asc'))).toEqual(['api10', 'api2'])
    expect(names(visibleProjects(list, 'api nothing', 'name-asc'))).toEqual([])
  })

  it('leaves the input list untouched', () => {
    const before = names(list)
    visibleProjects(list, '', 'name-desc')
    expect(names(list)).toEqual(before)
  })
})

describe('isProjectSort', () => {
  it('accepts only known sorts', () => {
    expect(isProjectSort('newest')).toBe(true)
    expect(isProjectSort('score')).toBe(false)
    expect(isProjectSort(null)).toBe(false)
  })
})
