// The access token in browser storage, under one key (spec report-page §7: "bearer access token from
// browser storage"). Storage can be unavailable (private mode, blocked cookies): reads then give null.
export const TOKEN_STORAGE_KEY = 'sextant.accessToken'

export function readToken(): string | null {
  try {
    const value = window.localStorage.getItem(TOKEN_STORAGE_KEY)
    return value?.trim() ? value : null
  } catch {
    return null
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token)
  } catch {
    // Without storage the session lasts for this page only; nothing else to do.
  }
}

export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY)
  } catch {
    // Nothing stored, nothing to remove.
  }
}
