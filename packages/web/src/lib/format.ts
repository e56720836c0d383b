// Formatting helpers shared by the pages: UTC times, relative times (report-page §2 history: within
// 7 days relative, else a date), initials, counts and the spec's capitalise helper (§9 "Helpers").

const DAY_MS = 24 * 60 * 60 * 1000
export const RELATIVE_TIME_WINDOW_DAYS = 7

function pad(value: number): string {
  return String(value).padStart(2, '0')
}

/** '2026-03-04 09:05 UTC'; '' for an unreadable date. */
export function formatUtc(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const day = `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
  return `${day} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`
}

/** 'just now', '5 minutes ago', '3 days ago' within the window; a calendar date (UTC) beyond it. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const elapsed = now.getTime() - date.getTime()
  if (elapsed < 0 || elapsed >= RELATIVE_TIME_WINDOW_DAYS * DAY_MS) return formatUtc(iso).slice(0, 10)
  const minutes = Math.floor(elapsed / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`
  const days = Math.floor(hours / 24)
  return `${days} day${days === 1 ? '' : 's'} ago`
}

/** Up to two initials from a name, falling back to the e-mail's local part. */
export function initials(name: string, email = ''): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  if (words.length >= 2) return `${words[0]?.[0] ?? ''}${words.at(-1)?.[0] ?? ''}`.toUpperCase()
  const single = words[0] ?? email.split('@')[0] ?? ''
  return single.slice(0, 2).toUpperCase()
}

/** The spec's helper: first letter upper-cased; '' for anything that is not a string. */
export function capitalise(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.charAt(0).toUpperCase() + value.slice(1)
}

export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

/** A byte count for people: binary units, one decimal from KiB up (issue 20 storage table). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`
}
