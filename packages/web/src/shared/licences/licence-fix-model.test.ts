import { describe, expect, it } from 'vitest'
import {
  addLicence,
  changeSet,
  copyrightError,
  failureAlertHtml,
  hasChanges,
  licenceFixMessages,
  removeLicence,
  reportedLicences,
  requestsFor,
  searchHint,
  shownLicences,
  targetLicences,
} from './licence-fix-model'

describe('licence fix change set (§4, §5)', () => {
  it('refuses an empty selection and an existing licence with the spec messages', () => {
    const set = changeSet(['MIT'])
    expect(addLicence(set, null).error).toBe('Select a license to add ')
    expect(addLicence(set, '  ').error).toBe('Select a license to add ')
    expect(addLicence(set, 'mit').error).toBe('License already exists')
    const added = addLicence(set, 'Apache-2.0').set
    expect(addLicence(added, 'Apache-2.0').error).toBe('License already exists')
  })

  it('removes locally; re-adding a removed licence cancels the removal', () => {
    let set = removeLicence(changeSet(['MIT', 'ISC']), 'ISC')
    expect(shownLicences(set)).toEqual([
      { id: 'MIT', state: 'kept' },
      { id: 'ISC', state: 'removed' },
    ])
    expect(hasChanges(set)).toBe(true)
    const again = addLicence(set, 'ISC')
    expect(again.error).toBeNull()
    set = again.set
    expect(hasChanges(set)).toBe(false)
    set = removeLicence(addLicence(set, 'Zlib').set, 'Zlib')
    expect(hasChanges(set)).toBe(false)
  })

  it('turns the target list into add and remove calls against what the server holds', () => {
    const set = addLicence(removeLicence(changeSet(['MIT', 'ISC']), 'ISC'), 'Apache-2.0').set
    expect(targetLicences(set)).toEqual(['MIT', 'Apache-2.0'])
    // no fix stored yet: every target licence is added
    expect(requestsFor([], targetLicences(set))).toEqual({ add: ['MIT', 'Apache-2.0'], remove: [] })
    expect(requestsFor(['MIT', 'ISC'], targetLicences(set))).toEqual({ add: ['Apache-2.0'], remove: ['ISC'] })
  })

  it('offers only licence ids of the report as current licences', () => {
    const ids = (...list: string[]) => ({ licenses: list.map((id) => ({ id })) })
    expect(reportedLicences(ids('MIT', 'NOT DECLARED / NOT FOUND', 'Public Domain', 'Apache-2.0'))).toEqual([
      'MIT',
      'Apache-2.0',
    ])
  })

  it('hints the search rules: empty and one character', () => {
    expect(searchHint('')).toBe('Search licenses, e.g. GPL')
    expect(searchHint('G')).toBe('Enter a minimum of 2 characters')
    expect(searchHint('GP')).toBeNull()
  })

  it('lists partial failures with licence and reason in the global alert (§8)', () => {
    expect(failureAlertHtml([], [])).toBeNull()
    const html = failureAlertHtml(
      [{ license: 'MIT', reason: 'License already exists' }],
      [{ license: 'ISC', reason: 'Internal error - Please contact support' }],
    )!
    expect(html).toContain(licenceFixMessages.failed)
    expect(html).toContain('<strong>Licenses not added</strong>')
    expect(html).toContain('<li><strong>MIT</strong>: License already exists</li>')
    expect(html).toContain('<strong>Licenses not removed</strong>')
    expect(failureAlertHtml([{ license: '<b>x</b>', reason: 'a & b' }], [])).toContain('&#60;b&#62;x')
    expect(failureAlertHtml([], [{ license: 'ISC', reason: 'r' }])).not.toContain('Licenses not added')
  })

  it('refuses an empty or unchanged copyright', () => {
    expect(copyrightError('  ', '(c) A')).toBe('Please fill in the field')
    expect(copyrightError('(c) A ', '(c) A')).toBe('Apply changes to the field')
    expect(copyrightError('(c) B', '(c) A')).toBeNull()
  })
})
