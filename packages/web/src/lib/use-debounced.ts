// A value that follows its input after a quiet period (report-page §5: slider changes apply after
// about 1 s). Generic: the caller chooses the delay.
import { useEffect, useState } from 'react'

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
