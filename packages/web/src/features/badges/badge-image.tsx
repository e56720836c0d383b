// One badge as the page shows it (report-page §7 badges: base64 SVG, 3 s time-out; §8 "Badge failure
// 'Badge not available' or 3 s time-out gives no badge"): fetched with b64, shown as a data URI.
import { Loader, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { BADGE_TIMEOUT_MS } from './badge-model'

async function fetchBadge(url: string): Promise<string> {
  const response = await fetch(`${url}&b64=true`, { signal: AbortSignal.timeout(BADGE_TIMEOUT_MS) })
  if (!response.ok) throw new Error('Badge not available')
  return `data:image/svg+xml;base64,${(await response.text()).trim()}`
}

export function BadgeImage({ url, alt }: { url: string; alt: string }) {
  const badge = useQuery({ queryKey: ['badge', url], queryFn: () => fetchBadge(url), retry: false })
  if (badge.isPending) return <Loader size="xs" aria-label={`Loading the ${alt} badge`} />
  if (badge.isError)
    return (
      <Text size="xs" c="dimmed" data-testid="badge-missing">
        Badge not available
      </Text>
    )
  return <img src={badge.data} alt={alt} height={20} data-testid="badge-image" />
}
