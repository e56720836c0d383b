// 'Request to Delete' of a live scan report (report-page §2 Executive summary, §4 "Delete report", §6
// "live reports only", §7 "Deletion request", §9 "Delete confirmation delay 800 ms", "deleted within 6
// months"): the payload and its checks, without React.

export const DELETE_CONFIRMATION_DELAY_MS = 800
export const DELETE_QUESTION = 'Do you want this report to be deleted?'
export const DELETE_CONFIRMED = 'Your report will be deleted'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** §7: production is false when asked from a qa or local host. */
export function isProductionHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || host === '::1') return false
  if (/^127\./.test(host) || host === '0.0.0.0') return false
  return !/(^|[.-])(qa|local)([.-]|$)/.test(host)
}

export function emailError(email: string): string | null {
  if (email.trim() === '') return 'Enter the e-mail address we should confirm the deletion to.'
  return EMAIL.test(email.trim()) ? null : `'${email.trim()}' is not an e-mail address.`
}

export interface DeletionRequestInput {
  email: string
  branch: string
  website: string
  reason: string
  hostname: string
}

export function deletionRequestBody(input: DeletionRequestInput) {
  const reason = input.reason.trim()
  return {
    email: input.email.trim(),
    branch: input.branch,
    website: input.website,
    ...(reason ? { reason } : {}),
    production: isProductionHost(input.hostname),
  }
}

/** How long to wait after the request so that the confirmation opens 800 ms after the dialog closed. */
export function confirmationDelay(closedAt: number, now: number): number {
  return Math.max(0, DELETE_CONFIRMATION_DELAY_MS - (now - closedAt))
}
