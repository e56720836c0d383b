// The sections of the configuration screen (configuration-page.tsx): score thresholds, security scoring
// algorithm, analysis scopes per domain and auto-mitigation thresholds (product-notes "Scores"); whether a
// partly assessed domain fails the gate (issue 14 "Never fail open": on by default).
import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core'
import { type AccountConfiguration, scopeNames, severities } from '@sextant/contract'
import { SectionCard } from '../../ui/section-card'

interface SectionProps {
  draft: AccountConfiguration
  edit: (change: Partial<AccountConfiguration>) => void
  disabled: boolean
}

const domains = [
  { key: 'security', label: 'Security' },
  { key: 'stability', label: 'Stability' },
  { key: 'licensing', label: 'Licensing' },
] as const

const scopeLabels: Record<(typeof scopeNames)[number], string> = {
  prod: 'Production',
  dev: 'Development',
  test: 'Test',
  provided: 'Provided',
  optional: 'Optional',
}

/** A number field's value: a number within the field's range, or null when left empty. */
const numberOrNull = (value: string | number) => (typeof value === 'number' ? value : null)

export function ThresholdsSection({ draft, edit, disabled }: SectionProps) {
  return (
    <SectionCard
      title="Score thresholds"
      subtitle="A report passes when each score meets its minimum; otherwise it fails"
      testId="configuration-thresholds"
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {domains.map((d) => (
          <NumberInput
            key={d.key}
            label={d.label}
            description="Minimum score, 0 to 100"
            min={0}
            max={100}
            clampBehavior="strict"
            allowDecimal={false}
            value={draft.thresholds[d.key]}
            onChange={(v) => edit({ thresholds: { ...draft.thresholds, [d.key]: numberOrNull(v) ?? 0 } })}
            disabled={disabled}
            data-testid={`threshold-${d.key}`}
          />
        ))}
      </SimpleGrid>
      <Checkbox
        mt="md"
        label="A partly assessed domain fails"
        description={
          draft.partialAssessmentFailsGate
            ? 'A domain Sextant could assess only in part (missing registry metadata, unfetchable POMs, components it cannot match) fails the report, whatever its score over the rest.'
            : 'A partly assessed domain passes when its score over what was assessed meets the minimum; its score still reads n/a. A domain not assessed at all always fails.'
        }
        checked={draft.partialAssessmentFailsGate}
        onChange={(e) => edit({ partialAssessmentFailsGate: e.currentTarget.checked })}
        disabled={disabled}
        data-testid="partial-assessment-fails"
      />
    </SectionCard>
  )
}

export function ScoringSection({ draft, edit, disabled }: SectionProps) {
  return (
    <SectionCard
      title="Security scoring"
      subtitle="How the security score weighs each vulnerability"
      testId="configuration-scoring"
    >
      <Stack gap="xs">
        <SegmentedControl
          value={draft.scoringAlgorithm}
          onChange={(v) => edit({ scoringAlgorithm: v as AccountConfiguration['scoringAlgorithm'] })}
          data={[
            { value: 'cvss', label: 'By CVSS score' },
            { value: 'severity', label: 'By severity' },
          ]}
          disabled={disabled}
          style={{ alignSelf: 'flex-start' }}
          data-testid="scoring-algorithm"
        />
        <Text size="sm" c="dimmed">
          {draft.scoringAlgorithm === 'cvss'
            ? 'Each vulnerability counts by its CVSS base score.'
            : 'Each vulnerability counts by its severity level (critical, high, medium, low).'}
        </Text>
      </Stack>
    </SectionCard>
  )
}

export function ScopesSection({ draft, edit, disabled }: SectionProps) {
  return (
    <SectionCard
      title="Analysis scopes"
      subtitle="The dependency scopes each domain of the analysis includes; all by default"
      testId="configuration-scopes"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {domains.map((d) => (
            <Checkbox.Group
              key={d.key}
              label={d.label}
              value={draft.analysisScopes[d.key]}
              onChange={(v) =>
                edit({
                  analysisScopes: {
                    ...draft.analysisScopes,
                    [d.key]: scopeNames.filter((s) => v.includes(s)),
                  },
                })
              }
              error={draft.analysisScopes[d.key].length === 0 ? 'Tick at least one scope' : undefined}
              data-testid={`scopes-${d.key}`}
            >
              <Stack gap={6} mt={6}>
                {scopeNames.map((s) => (
                  <Checkbox key={s} value={s} label={scopeLabels[s]} disabled={disabled} />
                ))}
              </Stack>
            </Checkbox.Group>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Applied by every analysis and recompute: a component of an unticked scope plays no part in that
          domain’s findings or score (tick only Production to leave development and test dependencies out).
          Each report lists the scopes it used under Report Details.
        </Text>
      </Stack>
    </SectionCard>
  )
}

const numericLimits = [
  {
    key: 'epss',
    label: 'EPSS below (%)',
    description: '0 to 100; ignored for a vulnerability with no EPSS',
    max: 100,
  },
  { key: 'cvss', label: 'CVSS below', description: '0 to 10', max: 10 },
] as const

export function AutoMitigationSection({ draft, edit, disabled }: SectionProps) {
  const am = draft.autoMitigation
  const set = (change: Partial<AccountConfiguration['autoMitigation']>) =>
    edit({ autoMitigation: { ...am, ...change } })
  return (
    <SectionCard
      title="Auto-mitigation"
      subtitle="Vulnerabilities below these thresholds count as automatically mitigated; leave a field empty to turn it off"
      testId="configuration-auto-mitigation"
    >
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          {numericLimits.map((f) => (
            <NumberInput
              key={f.key}
              label={f.label}
              description={f.description}
              min={0}
              max={f.max}
              step={0.1}
              decimalScale={1}
              clampBehavior="strict"
              value={am[f.key] ?? ''}
              onChange={(v) => set({ [f.key]: numberOrNull(v) })}
              disabled={disabled}
              miw={200}
              data-testid={`auto-${f.key}`}
            />
          ))}
          <Select
            label="Severity below"
            description="Lower severities are mitigated"
            placeholder="Off"
            data={severities.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() }))}
            value={am.severity}
            onChange={(v) =>
              set({ severity: (v as AccountConfiguration['autoMitigation']['severity']) ?? null })
            }
            clearable
            disabled={disabled}
            miw={200}
            data-testid="auto-severity"
          />
        </Group>
        <Text size="xs" c="dimmed" data-testid="auto-mitigation-rule">
          Applied by every analysis and recompute. A vulnerability is automatically mitigated when it is below
          every threshold that is set (equal is not below); the EPSS threshold is ignored for a vulnerability
          with no EPSS, and one with no CVSS is never below a CVSS threshold. It then shows under Mitigation
          and leaves the severity totals and the score; change the thresholds and recompute to bring it back.
        </Text>
      </Stack>
    </SectionCard>
  )
}
