// The title row becomes sticky after scrolling beyond the navbar height plus 50 px, except on touch
// devices (report-page §2 Layout, §9 "Sticky title") and on narrow screens, where the wrapped row
// (branch, history, four buttons) would cover half of a 390 px window.
import { useEffect, useState } from 'react'

export const STICKY_EXTRA_PX = 50

export function useStickyTitle(): boolean {
  const [sticky, setSticky] = useState(false)
  useEffect(() => {
    if (window.matchMedia('(pointer: coarse), (max-width: 48em)').matches) return
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
