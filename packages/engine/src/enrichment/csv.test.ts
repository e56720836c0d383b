// The CSV reader under the enrichment parsers: quotes, doubled quotes, line breaks in fields, comments.
import { describe, expect, it } from 'vitest'
import { readCsv } from './csv'

describe('readCsv', () => {
  it('keeps the line each row starts on', () => {
    const r = readCsv('#c\na,"b,1"\n"x\ny",z\n\nlast,"q""q"')
    expect(r.comments).toEqual([{ line: 1, text: 'c' }])
    expect(r.rows).toEqual([
      { line: 2, fields: ['a', 'b,1'] },
      { line: 3, fields: ['x\ny', 'z'] },
      { line: 6, fields: ['last', 'q"q'] },
    ])
  })
})
