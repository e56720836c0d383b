// The processing page /processing_request.html (report-page §2 Routes, §7): for a download it polls the
// export (era) every refreshTimer ms with no time limit, shows the progress, and downloads the file when
// done. type=analysis follows a new project's analysis until its report opens (analysis-progress.tsx).
// type=registry_url looks a component up in its registry and opens its page (registry-lookup.tsx).
import { Anchor, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import type { Era } from '@sextant/contract'
import { isSdkError } from '@sextant/sdk'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { reportHref } from '../../lib/links'
import { sdk } from '../../lib/sdk'
import { eraFileUrl } from '../../shared/report/download-rules'
import { useMemberView } from '../../shared/session/use-member-view'
import { AnalysisProgress } from './analysis-progress'
import { RegistryLookup } from './registry-lookup'

function fileUrl(era: Era): string {
  return eraFileUrl(era.downloadUrl, era.downloadKey)
}

export function ProcessingPage() {
  const [search] = useSearchParams()
  const type = search.get('type')
  if (type === 'registry_url') return <RegistryLookup />
  return type === 'analysis' ? <AnalysisProgress /> : <DownloadProgress />
}

function DownloadProgress() {
  const [search] = useSearchParams()
  const eraId = search.get('resource') ?? search.get('key') ?? ''
  const refresh = Math.max(500, Number(search.get('refreshTimer')) || 1_000)
  const [era, setEra] = useState<Era | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [progress, setProgress] = useState(0)
  const member = useMemberView()
  useEffect(() => {
    if (!eraId) return
    let stop = false
    const tick = async () => {
      try {
        const done = await sdk.call('eraStatus', { params: { id: eraId } })
        setEra(done)
        setProgress(100)
        // same-origin file: the download attribute saves it and keeps this page (and its message) open
        const link = document.createElement('a')
        link.href = fileUrl(done)
        link.download = done.fileName ?? ''
        document.body.append(link)
        link.click()
        link.remove()
        return
      } catch (cause) {
        if (isSdkError(cause) && cause.status === 404) {
          const match = /(\d+)/.exec(cause.message)
          const value = match ? Number(match[1]) : 0
          if (/fail/i.test(cause.message)) return setFailure(cause.message)
          setProgress(Math.min(99, value))
        } else return setFailure(cause instanceof Error ? cause.message : String(cause))
      }
      if (!stop) setTimeout(() => void tick(), refresh)
    }
    void tick()
    return () => {
      stop = true
    }
  }, [eraId, refresh])
  const back = reportHref(search.get('pid') ?? '', search.get('branch'), { member })
  return (
    <Paper withBorder radius="md" p="xl" maw={560} mx="auto" data-testid="processing-page">
      <Stack gap="md" align="center">
        <Title order={1} size="h3">
          {failure ? 'The download failed' : era ? 'Your download is ready' : 'Preparing your download'}
        </Title>
        {failure ? (
          <Text c="red.7" size="sm">
            {failure}
          </Text>
        ) : null}
        {!failure && !era ? <Loader aria-label="Processing" /> : null}
        {!failure ? <Progress value={progress} w="100%" aria-label="Progress" /> : null}
        <Text size="sm" c="dimmed">
          {search.get('type') ?? ''} · checking every {(refresh / 1000).toFixed(0)} s
        </Text>
        {era ? (
          <Anchor href={fileUrl(era)} download={era.fileName ?? ''}>
            Download {era.fileName ?? 'the file'}
          </Anchor>
        ) : null}
        <Anchor component={Link} to={back} size="sm">
          Back to the report
        </Anchor>
      </Stack>
    </Paper>
  )
}
