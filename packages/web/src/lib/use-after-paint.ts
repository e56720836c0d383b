// True from the frame after the first paint: content below the fold renders then, so the top of a
// large page shows sooner (DESIGN §8 "usable ≤ 1.5 s"). Generic: holds no domain words.
import { useEffect, useState } from 'react'

export function useAfterPaint(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      if (timer) clearTimeout(timer)
    }
  }, [])
  return ready
}
