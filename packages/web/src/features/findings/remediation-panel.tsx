// The remediation plan beside the findings table (issue 19 "Remediation plan"): per lane (patch / minor /
// major), which upgrade of a direct dependency fixes what, lockfile updates and pins, and what remains.
// Computed by the server from the report's graph, its advisories and the registry cache. The lane's
// changes to package.json / pom.xml download as a patch (the server writes it; what is not mechanical is
// named beside the button).
import { Button, Group, Loader, SegmentedControl, Spoiler, Stack, Text } from '@mantine/core'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { saveText } from '../../lib/save-file'
import { sdk } from '../../lib/sdk'
import type { FindingsScope } from './use-findings'

type Lane = 'patch' | 'minor' | 'major'

export function RemediationPanel({ scope }: { scope: FindingsScope }) {
  const { reportUuid, project, branch } = scope
  const [lane, setLane] = useState<Lane>('minor')
  const plan = useQuery({
    queryKey: ['remediation-plan', project.uuid, branch, reportUuid],
    queryFn: () =>
      sdk.call('findingsPlan', {
        params: { projectId: project.uuid, branch },
        query: { reportUuid: reportUuid },
      }),
  })
  const patch = useMutation({
    mutationFn: (chosen: Lane) =>
      sdk.call('findingsPlanPatch', {
        params: { projectId: project.uuid, branch },
        query: { reportUuid: reportUuid, lane: chosen },
      }),
    onSuccess: (answer) => saveText(answer.fileName, answer.patch, 'text/x-diff;charset=utf-8'),
  })
  if (plan.isPending) return <Loader size="xs" />
  if (plan.isError)
    return (
      <Text size="sm" c="red">
        {`The remediation plan could not be made: ${plan.error.message}`}
      </Text>
    )
  const { lines, upgrades, pins } = plan.data.lanes[lane]
  const skipped = patch.data?.skipped ?? []
  return (
    <Stack gap={6} my="sm" data-testid="remediation-plan">
      <Group gap="sm">
        <SegmentedControl
          size="xs"
          w="fit-content"
          value={lane}
          onChange={(value) => {
            setLane(value as Lane)
            patch.reset()
          }}
          data={[
            { value: 'patch', label: 'Patch (safe)' },
            { value: 'minor', label: 'Minor (conservative)' },
            { value: 'major', label: 'Major (aggressive)' },
          ]}
          data-testid="remediation-lane"
        />
        <Button
          size="xs"
          variant="light"
          disabled={upgrades.length + pins.length === 0}
          loading={patch.isPending}
          onClick={() => patch.mutate(lane)}
          data-testid="remediation-patch"
        >
          Download as a patch
        </Button>
      </Group>
      {patch.isError ? (
        <Text size="xs" c="red" data-testid="remediation-patch-error">
          {patch.error.message}
        </Text>
      ) : null}
      {skipped.length > 0 ? (
        <Text size="xs" c="dimmed" data-testid="remediation-patch-skipped">
          {`Not in the patch: ${skipped.map((x) => `${x.name} (${x.why})`).join('; ')}`}
        </Text>
      ) : null}
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
