// A flag that stays true for `ms` after its source turns false (report-page §9 "Loading modal hide after
// reload 500 ms"): a loading modal that would otherwise vanish the moment the data arrives.
import { useEffect, useState } from 'react'

export function useLingering(active: boolean, ms: number): boolean {
  const [lingering, setLingering] = useState(active)
  useEffect(() => {
    if (active) {
      setLingering(true)
      return
    }
    const timer = setTimeout(() => setLingering(false), ms)
    return () => clearTimeout(timer)
  }, [active, ms])
  return active || lingering
}
