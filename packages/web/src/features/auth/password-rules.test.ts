// The forgotten-password and reset checks: the spec's e-mail message, the 10-200 character rule, and
// the confirmation that must repeat the password.
import { describe, expect, it } from 'vitest'
import { confirmationProblem, emailProblem, passwordProblem } from './password-rules'

describe('password rules', () => {
  it('asks for a valid e-mail with the spec message', () => {
    expect(emailProblem('')).toBe('Email address invalid or missing')
    expect(emailProblem('dana@')).toBe('Email address invalid or missing')
    expect(emailProblem(' dana@example.test ')).toBeNull()
  })

  it('wants 10 to 200 characters', () => {
    expect(passwordProblem('short')).toBe('The password must have at least 10 characters.')
    expect(passwordProblem('x'.repeat(201))).toBe('The password can have at most 200 characters.')
    expect(passwordProblem('ten chars!')).toBeNull()
  })

  it('wants the confirmation to repeat the password', () => {
    expect(confirmationProblem('a-long-password', 'a-long-passwore')).toBe(
      'The two passwords are not the same.',
    )
    expect(confirmationProblem('a-long-password', 'a-long-password')).toBeNull()
  })
})
