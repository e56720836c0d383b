// Users and members for API tests through the supported paths (issue 13 items 6, 7): a sign-up completed
// by the token of its e-mail, and an invitation accepted with the token of its e-mail. The instance must
// keep its mails (startTestInstance does unless SEXTANT_SMTP_URL is set); sign-up needs
// SEXTANT_REGISTRATION=open.
import type { LoginResponse } from '@sextant/contract'
import type { TestInstance } from './instance'

/** The token of the newest e-mail to `to` whose text names `POST /api/v1/credentials/<route>: <token>`. */
export async function mailedToken(t: TestInstance, to: string, route: string, after = 0): Promise<string> {
  const pattern = new RegExp(`POST /api/v1/credentials/${route}: (\\S+)`)
  const deadline = Date.now() + 10_000
  while (Date.now() < deadline) {
    const mail = t.mails
      .slice(after)
      .filter((m) => m.to.toLowerCase() === to.toLowerCase() && pattern.test(m.text))
      .at(-1)
    if (mail) return pattern.exec(mail.text)![1]!
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no e-mail to ${to} with a ${route} token within 10 s`)
}

/** One JSON call as `auth` (or anonymously); answers the status, the text and the parsed body. */
export async function apiCall(
  t: TestInstance,
  auth: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      ...(auth ? { authorization: auth } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  return { status: res.status, text, json: (text ? JSON.parse(text) : null) as Record<string, unknown> }
}

async function post(t: TestInstance, path: string, body: unknown, auth?: string) {
  const res = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: JSON.stringify(body),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`POST ${path} answered ${res.status}: ${text}`)
  return JSON.parse(text) as unknown
}

/** Signs up (a new user with an account of their own) and opens the mailed link; answers the session. */
export async function signUp(
  t: TestInstance,
  user: { email: string; password: string; name?: string },
): Promise<LoginResponse> {
  const before = t.mails.length
  await post(t, '/api/v1/credentials/register', user)
  const token = await mailedToken(t, user.email, 'confirm', before)
  return (await post(t, '/api/v1/credentials/confirm', { token })) as LoginResponse
}

/**
 * Invites the address into the caller's account and accepts with the mailed link (a new address chooses
 * `password`, else a fixed test password); answers the member's session when a password is given.
 */
export async function inviteAndAccept(
  t: TestInstance,
  auth: string,
  account: string,
  member: { name: string; email: string; role?: string; password?: string },
): Promise<LoginResponse | null> {
  const before = t.mails.length
  const { password, ...invitation } = member
  await post(t, `/api/v1/accounts/${account}/members`, invitation, auth)
  const token = await mailedToken(t, member.email, 'accept', before)
  await post(t, '/api/v1/credentials/accept', { token, password: password ?? 'invited-password-1' })
  if (!password) return null
  return (await post(t, '/api/v1/credentials/login', { email: member.email, password })) as LoginResponse
}
