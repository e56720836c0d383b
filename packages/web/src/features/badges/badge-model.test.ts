import { describe, expect, it } from 'vitest'
import {
  badgeImageUrl,
  badgeSnippets,
  badgesBannerDismissed,
  badgesPageHref,
  dismissBadgesBanner,
} from './badge-model'

const privateTarget = {
  origin: 'https://sextant.example.org',
  projectId: 'p-1',
  branch: 'feature/x',
  key: 'k"1',
}
const publicTarget = { ...privateTarget, key: null }

describe('badge addresses', () => {
  it('carries the branch, and the key only for private projects', () => {
    expect(badgeImageUrl(publicTarget, 'security')).toBe(
      'https://sextant.example.org/api/v2/badges/p-1/security?branch=feature%2Fx',
    )
    expect(badgeImageUrl(privateTarget, 'licensing')).toBe(
      'https://sextant.example.org/api/v2/badges/p-1/licensing?branch=feature%2Fx&key=k%221',
    )
  })

  it('makes Markdown and escaped HTML snippets linking to the report', () => {
    const { markdown, html } = badgeSnippets(publicTarget, 'stability')
    expect(markdown).toBe(
      '[![stability score](https://sextant.example.org/api/v2/badges/p-1/stability?branch=feature%2Fx)](https://sextant.example.org/projects/?pid=p-1&branch=feature%2Fx)',
    )
    expect(html).toBe(
      '<a href="https://sextant.example.org/projects/?pid=p-1&amp;branch=feature%2Fx"><img src="https://sextant.example.org/api/v2/badges/p-1/stability?branch=feature%2Fx" alt="stability score"></a>',
    )
  })

  it('links the badges page with gh when the project has a repository', () => {
    expect(badgesPageHref('p-1', 'main', 'https://example.org/team/app')).toBe(
      '/projects/badges?pid=p-1&branch=main&gh=https%3A%2F%2Fexample.org%2Fteam%2Fapp',
    )
    expect(badgesPageHref('p-1', 'main', null)).toBe('/projects/badges?pid=p-1&branch=main')
  })
})

describe('badges banner dismissal', () => {
  it('is remembered per project', () => {
    const store = new Map<string, string>()
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    }
    expect(badgesBannerDismissed(storage, 'p-1')).toBe(false)
    dismissBadgesBanner(storage, 'p-1')
    expect(badgesBannerDismissed(storage, 'p-1')).toBe(true)
    expect(badgesBannerDismissed(storage, 'p-2')).toBe(false)
  })
})
