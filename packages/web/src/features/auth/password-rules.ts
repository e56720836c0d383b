// The checks of the forgotten-password and reset screens before anything is sent (accounts-and-api §5,
// §8: 'Email address invalid or missing'; the server's password rule: 10 to 200 characters). Each
// answers the message to show under its field, or null.
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 200
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailProblem(email: string): string | null {
  return EMAIL.test(email.trim()) ? null : 'Email address invalid or missing'
}

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters.`
  if (password.length > PASSWORD_MAX) return `The password can have at most ${PASSWORD_MAX} characters.`
  return null
}

export function confirmationProblem(password: string, confirmation: string): string | null {
  return password === confirmation ? null : 'The two passwords are not the same.'
}
