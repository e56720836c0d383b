import { describe, expect, it } from 'vitest'
import { csvField, toCsv } from './csv'

describe('csv', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(null)).toBe('')
    expect(csvField(7.5)).toBe('7.5')
  })
  it('joins rows with CRLF after the header', () => {
    expect(
      toCsv(
        ['A', 'B'],
        [
          [1, 'x'],
          [2, 'y,z'],
        ],
      ),
    ).toBe('A,B\r\n1,x\r\n2,"y,z"')
  })
})
