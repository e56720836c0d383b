// Formatting helpers: UTC, the 7-day relative window, initials, capitalise, counts.
import { describe, expect, it } from 'vitest'
import { capitalise, formatBytes, formatCount, formatRelative, formatUtc, initials } from './format'

describe('formatUtc', () => {
  it('prints the UTC date and time', () => {
    expect(formatUtc('2026-03-04T09:05:59.000Z')).toBe('2026-03-04 09:05 UTC')
    expect(formatUtc('2026-03-04T23:30:00-02:00')).toBe('2026-03-05 01:30 UTC')
  })
  it('gives an empty string for a bad date', () => {
    expect(formatUtc('not a date')).toBe('')
  })
})

describe('formatRelative', () => {
  const now = new Date('2026-03-10T12:00:00.000Z')
  it.each([
    ['2026-03-10T11:59:40.000Z', 'just now'],
    ['2026-03-10T11:59:00.000Z', '1 minute ago'],
    ['2026-03-10T11:15:00.000Z', '45 minutes ago'],
    ['2026-03-10T07:00:00.000Z', '5 hours ago'],
    ['2026-03-04T12:00:01.000Z', '5 days ago'],
    ['2026-03-03T12:00:00.000Z', '2026-03-03'],
    ['2026-03-11T12:00:00.000Z', '2026-03-11'],
  ])('%s → %s', (iso, expected) => {
    expect(formatRelative(iso, now)).toBe(expected)
  })
})

describe('initials', () => {
  it.each([
    ['Ada Lovelace', '', 'AL'],
    ['Grace Brewster Murray Hopper', '', 'GH'],
    ['admin', '', 'AD'],
    ['', 'jo@example.org', 'JO'],
    ['', '', ''],
  ])('%s / %s → %s', (name, email, expected) => {
    expect(initials(name, email)).toBe(expected)
  })
})

describe('capitalise', () => {
  it('upper-cases the first letter and refuses non-strings', () => {
    expect(capitalise('security')).toBe('Security')
    expect(capitalise('')).toBe('')
    expect(capitalise(42)).toBe('')
    expect(capitalise(null)).toBe('')
  })
})

describe('formatCount', () => {
  it('pluralises and groups digits', () => {
    expect(formatCount(1, 'component')).toBe('1 component')
    expect(formatCount(1234, 'component')).toBe('1,234 components')
    expect(formatCount(2, 'library', 'libraries')).toBe('2 libraries')
  })
})

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1536, '1.5 KiB'],
    [245 * 1024 * 1024, '245.0 MiB'],
    [3 * 1024 ** 4, '3.0 TiB'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text)
  })
})
