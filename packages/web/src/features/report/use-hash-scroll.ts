// URL-hash deep links scroll to their target about 1 s after the report is ready (report-page §2
// Layout; §9 "Deep-link scroll delay 1000 ms").
import { useEffect } from 'react'

export const DEEP_LINK_SCROLL_MS = 1_000

export function useHashScroll(readyKey: string): void {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    if (!id || !readyKey) return
    const timer = setTimeout(
      () => document.getElementById(id)?.scrollIntoView({ behavior: 'smooth' }),
      DEEP_LINK_SCROLL_MS,
    )
    return () => clearTimeout(timer)
  }, [readyKey])
}
