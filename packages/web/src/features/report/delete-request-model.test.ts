import { describe, expect, it } from 'vitest'
import { confirmationDelay, deletionRequestBody, emailError, isProductionHost } from './delete-request-model'

describe('isProductionHost', () => {
  it.each([
    ['sextant.example.org', true],
    ['quality.example.org', true],
    ['localhost', false],
    ['127.0.0.1', false],
    ['app.localhost', false],
    ['qa.example.org', false],
    ['sextant-qa.example.org', false],
    ['local.example.org', false],
  ])('%s → %s', (host, production) => {
    expect(isProductionHost(host)).toBe(production)
  })
})

describe('emailError', () => {
  it('asks for an address and names a wrong one', () => {
    expect(emailError('  ')).toBe('Enter the e-mail address we should confirm the deletion to.')
    expect(emailError('dev@')).toBe("'dev@' is not an e-mail address.")
    expect(emailError(' dev@example.org ')).toBeNull()
  })
})

describe('deletionRequestBody', () => {
  it('trims, drops an empty reason and marks local hosts as not production', () => {
    expect(
      deletionRequestBody({
        email: ' dev@example.org ',
        branch: 'main',
        website: 'https://example.org/app',
        reason: '  ',
        hostname: 'localhost',
      }),
    ).toEqual({
      email: 'dev@example.org',
      branch: 'main',
      website: 'https://example.org/app',
      production: false,
    })
  })
})

describe('confirmationDelay', () => {
  it('opens the confirmation 800 ms after the dialog closed, at once when the request took longer', () => {
    expect(confirmationDelay(1_000, 1_000)).toBe(800)
    expect(confirmationDelay(1_000, 1_300)).toBe(500)
    expect(confirmationDelay(1_000, 2_500)).toBe(0)
  })
})
