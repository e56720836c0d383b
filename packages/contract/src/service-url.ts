// The address of an outside service an account configures (Jira site, Datadog API, DataTrails; issue 17):
// an http(s) URL without credentials in it (they go in their own write-only fields), at most 512
// characters, kept without trailing slashes so that paths join cleanly.
import { z } from 'zod'

export function serviceUrlSchema(message: string) {
  return z
    .string({ message })
    .trim()
    .max(512, message)
    .refine((v) => {
      try {
        const u = new URL(v)
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
      } catch {
        return false
      }
    }, message)
    .transform((v) => v.replace(/\/+$/, ''))
}
