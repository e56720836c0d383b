// The licence bible as data (spec report-page §9 download type bible_json): every component with its
// licences and the copyright text the account set (empty when none). Its PDF is @sextant/pdf's.
import { describe, expect, it } from 'vitest'
import { QS_COPYRIGHT, sampleReport } from '../../testing/sample-report'
import { bibleJson } from './bible'

const ctx = { projectName: 'shop-front', generatedAt: new Date('2025-03-04T06:00:00Z') }

describe('licence bible', () => {
  it('lists every component by language with its copyright text', () => {
    const bible = JSON.parse(bibleJson(sampleReport(), ctx))
    expect(bible.languages[0].language).toBe('nodejs')
    expect(bible.languages[0].components).toHaveLength(6)
    expect(bible.languages[0].components[0]).toMatchObject({ copyright: '' })
    const qs = bible.languages[0].components.find((c: { name: string }) => c.name === 'qs')
    expect(qs.copyright).toBe(QS_COPYRIGHT)
  })
})
