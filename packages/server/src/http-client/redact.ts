// Credentials never leave in text (issue 18 item 3: "credentials never appear in reports, logs or
// errors"): every URL the client prints passes redactUrl, and free text that may quote one passes
// redactText. A URL's user-info is dropped, and query parameters that conventionally carry secrets masked.

const SECRET_PARAMS =
  /^(access_token|token|api[_-]?key|apikey|key|password|passwd|secret|sig|signature|auth)$/i

/** The URL without `user:password@` and with secret-looking query values replaced by `***`. */
export function redactUrl(text: string): string {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return redactText(text)
  }
  url.username = ''
  url.password = ''
  for (const name of [...url.searchParams.keys()]) {
    if (SECRET_PARAMS.test(name)) url.searchParams.set(name, '***')
  }
  return url.href
}

/** Masks `scheme://user:password@` and `scheme://token@` inside any text. */
export function redactText(text: string): string {
  return text.replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]+@/gi, '$1')
}
