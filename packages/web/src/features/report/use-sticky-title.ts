// The title row becomes sticky after scrolling beyond the navbar height plus 50 px, except on touch
// devices (report-page §2 Layout, §9 "Sticky title") and on narrow screens, where the wrapped row
// (branch, history, four buttons) would cover half of a 390 px window.
import { type RefObject, useEffect, useState } from 'react'

export const STICKY_EXTRA_PX = 50
/** The sticky site header's height (site-header.tsx). */
export const SITE_HEADER_PX = 64
/** Where the sticky title row ends, as a CSS variable the sections' scroll-margin-top reads. */
export const STICKY_BOTTOM_VAR = '--sticky-bottom'

const stickyPossible = () => !window.matchMedia('(pointer: coarse), (max-width: 48em)').matches

export function useStickyTitle(): boolean {
  const [sticky, setSticky] = useState(false)
  useEffect(() => {
    if (!stickyPossible()) return
    const onScroll = () => {
      const navbar = document.querySelector('header')?.getBoundingClientRect().height ?? 0
      setSticky(window.scrollY > navbar + STICKY_EXTRA_PX)
    }
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  return sticky
}

/**
 * Keeps STICKY_BOTTOM_VAR at the bottom of the title row while it can stick, so a score badge or a deep
 * link scrolls its section's heading below the row instead of under it (issue 14 "Readable charts").
 */
export function useStickyBottom(row: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = row.current
    const root = document.documentElement.style
    if (!element || !stickyPossible()) return
    const observer = new ResizeObserver(() =>
      root.setProperty(STICKY_BOTTOM_VAR, `${SITE_HEADER_PX + element.getBoundingClientRect().height}px`),
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.removeProperty(STICKY_BOTTOM_VAR)
    }
  }, [row])
}
