// A flag that turns true `ms` after mount (report-page §9 "other loader delays 100, 500, 1000 ms"): a
// spinner for work that is usually quick appears only when it is not, instead of flashing.
import { useEffect, useState } from 'react'

export function useDelayed(ms: number): boolean {
  const [due, setDue] = useState(ms <= 0)
  useEffect(() => {
    if (ms <= 0) return
    const timer = setTimeout(() => setDue(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return due
}
