// Issue 20 "Reports that stay small": a section of the report page that cannot be shown from what the
// report holds (the outline shows the security section's 'issues only' list) asks for its items when its
// loading card comes within a screen of the viewport, or once the page has been idle for a second (so a
// section is there by the time it is scrolled to), and renders once the report holds them; until then a
// card with its title and anchor (the score badges link there) says it is loading. A section that was shown
// and now needs more (the security section once 'Show issues only' is turned off) asks at once and keeps
// what it showed, marked as loading, until the rest is in: the page does not collapse to a loading card,
// which would bring the sections below into view and have them read and drawn in the same moment.

import { Group, Loader, Skeleton, Stack, Text } from '@mantine/core'
import type { ReportSectionName } from '@sextant/contract'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useReportContext } from '../../shared/report/report-context'
import { SectionCard } from '../../ui/section-card'

interface SectionGateProps {
  /** The sections whose items the children read. */
  needs: readonly ReportSectionName[]
  /** The card shown while they load; none: nothing is shown (a block that may well be absent). */
  loading?: { title: string; anchor: string; testId: string }
  children: ReactNode
}

/** Idle time after which a section not yet near the viewport is read anyway. */
const IDLE_MS = 1000

export function SectionGate({ needs, loading, children }: SectionGateProps) {
  const { sections } = useReportContext()
  const showable = needs.every((section) => sections.showable(section))
  const [wanted, setWanted] = useState(false)
  const [shownBefore, setShownBefore] = useState(showable)
  const card = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (showable) setShownBefore(true)
  }, [showable])
  const needsMore = shownBefore && !showable
  useEffect(() => {
    if (needsMore) setWanted(true)
  }, [needsMore])
  useEffect(() => {
    if (showable || wanted) return
    const timer = setTimeout(() => setWanted(true), IDLE_MS)
    const target = card.current
    const observer =
      target && typeof IntersectionObserver !== 'undefined'
        ? new IntersectionObserver((seen) => seen.some((e) => e.isIntersecting) && setWanted(true), {
            rootMargin: '100% 0px',
          })
        : null
    if (target) observer?.observe(target)
    return () => {
      clearTimeout(timer)
      observer?.disconnect()
    }
  }, [showable, wanted])
  const key = needs.join(',')
  useEffect(() => {
    if (wanted && !showable)
      for (const section of key.split(',') as ReportSectionName[]) sections.request(section)
  }, [wanted, showable, key, sections.request])
  // the shown and the 'loading every item' forms keep the children at the same place in the tree, so
  // the section updates in place when its pages are in instead of being mounted again
  if (showable || needsMore)
    return (
      <>
        {needsMore && loading ? (
          <Group gap="xs" mb="xs" aria-busy="true" data-testid={loading.testId}>
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Loading every item of this section…
            </Text>
          </Group>
        ) : null}
        {children}
      </>
    )
  if (!loading) return null
  return (
    <SectionCard id={loading.anchor} title={loading.title} subtitle="Loading…" testId={loading.testId}>
      <Stack gap="xs" aria-busy="true" ref={card}>
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    </SectionCard>
  )
}
