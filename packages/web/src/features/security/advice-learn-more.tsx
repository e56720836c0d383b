// The 'Learn more' and 'SA' tabs of an advice (report-page §2 "Card tabs", §6: Learn more needs the
// secure-coding training feature and a CWE; SA is for system administrators only). Learn more explains the
// weakness behind the vulnerability from the imported CWE catalogue, with MITRE's page; SA shows the
// advice as the report stores it, for support.
import { Anchor, Code, Loader, Stack, Text } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { useQuery } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

/** 'CWE-79' → 79; null for anything else. */
export function cweNumber(cwe: string | null): number | null {
  const match = /^CWE-(\d+)$/i.exec(cwe?.trim() ?? '')
  return match ? Number(match[1]) : null
}

export function LearnMorePanel({ cwe }: { cwe: string }) {
  const number = cweNumber(cwe)
  const info = useQuery({
    queryKey: ['cwe', number],
    queryFn: () => sdk.call('vulnCwe', { params: { cweId: String(number) } }),
    enabled: number !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  })
  const mitre = `https://cwe.mitre.org/data/definitions/${number}.html`
  return (
    <Stack gap={6} data-testid="learn-more">
      {info.isPending ? <Loader size="xs" aria-label="Loading the weakness" /> : null}
      {info.data ? (
        <>
          <Text size="sm" fw={600}>
            {info.data.id}: {info.data.name}
          </Text>
          {info.data.description ? <Text size="sm">{info.data.description}</Text> : null}
        </>
      ) : null}
      {info.isError ? (
        <Text size="sm" c="dimmed">
          {cwe}: the weakness catalogue has no entry for it on this server.
        </Text>
      ) : null}
      <Text size="sm">
        How this kind of weakness arises and how to avoid it:{' '}
        <Anchor href={mitre} target="_blank" rel="noopener noreferrer" size="sm">
          {cwe} at MITRE
        </Anchor>
      </Text>
    </Stack>
  )
}

export function SysadminPanel({ advice, component }: { advice: Advice; component: string }) {
  return (
    <Stack gap={6} data-testid="sysadmin-panel">
      <Text size="xs" c="dimmed">
        The advice on {component} as this report stores it (system administrators only).
      </Text>
      <Code block style={{ maxHeight: 240, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
        {JSON.stringify({ ...advice, description: `${advice.description.length} characters` }, null, 2)}
      </Code>
    </Stack>
  )
}
