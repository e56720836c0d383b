// The remediation plan beside the findings table (issue 19 "Remediation plan"): per lane (patch / minor /
// major), which upgrade of a direct dependency fixes what, lockfile updates and pins, and what remains.
// Computed by the server from the report's graph, its advisories and the registry cache.
import { Loader, SegmentedControl, Spoiler, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { sdk } from '../../lib/sdk'
import { useReportContext } from '../../shared/report/report-context'

type Lane = 'patch' | 'minor' | 'major'

export function RemediationPanel() {
  const { report, project, branch } = useReportContext()
  const [lane, setLane] = useState<Lane>('minor')
  const plan = useQuery({
    queryKey: ['remediation-plan', project.uuid, branch, report.uuid],
    queryFn: () =>
      sdk.call('findingsPlan', {
        params: { projectId: project.uuid, branch },
        query: { reportUuid: report.uuid },
      }),
  })
  if (plan.isPending) return <Loader size="xs" />
  if (plan.isError)
    return (
      <Text size="sm" c="red">
        {`The remediation plan could not be made: ${plan.error.message}`}
      </Text>
    )
  const lines = plan.data.lanes[lane].lines
  return (
    <Stack gap={6} my="sm" data-testid="remediation-plan">
      <SegmentedControl
        size="xs"
        w="fit-content"
        value={lane}
        onChange={(value) => setLane(value as Lane)}
        data={[
          { value: 'patch', label: 'Patch (safe)' },
          { value: 'minor', label: 'Minor (conservative)' },
          { value: 'major', label: 'Major (aggressive)' },
        ]}
        data-testid="remediation-lane"
      />
      {lines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No active finding to remediate.
        </Text>
      ) : (
        // a long plan (one line per change) stays short until asked for, so the table stays in view
        <Spoiler maxHeight={130} showLabel="Show the whole plan" hideLabel="Show less">
          {lines.map((line) => (
            <Text key={line} size="sm" data-testid="remediation-line">
              {line}
            </Text>
          ))}
        </Spoiler>
      )}
    </Stack>
  )
}
