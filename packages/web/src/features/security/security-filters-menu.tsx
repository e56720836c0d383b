// The Filters dropdown of the security assessment (report-page §4 default severities, §5 sliders):
// severity checkboxes (critical, high, medium, low on by default), EPSS 0-100 and CVSS 0-10 range
// sliders in steps of 0.1 with handles one step apart, applied after about 1 s.
import { Button, Checkbox, Divider, Popover, RangeSlider, Stack, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useDebounced } from '../../lib/use-debounced'
import {
  CVSS_RANGE,
  DEFAULT_SECURITY_FILTERS,
  EPSS_RANGE,
  RANGE_DEBOUNCE_MS,
  type Range,
  SEVERITY_ORDER,
  type SecurityFilters,
  type Severity,
  separateHandles,
  severityLabel,
} from '../../shared/report/security-model'

interface FiltersMenuProps {
  value: SecurityFilters
  onChange: (next: SecurityFilters) => void
}

function RangeField({
  label,
  bounds,
  value,
  onChange,
  testId,
}: {
  label: string
  bounds: { min: number; max: number; step: number }
  value: Range
  onChange: (next: Range) => void
  testId: string
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}: {value[0]} – {value[1]}
      </Text>
      <RangeSlider
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        minRange={bounds.step}
        precision={1}
        value={value}
        onChange={(next) => onChange(separateHandles(next, bounds))}
        label={(v) => v.toFixed(1)}
        thumbFromLabel={`${label} minimum`}
        thumbToLabel={`${label} maximum`}
        data-testid={testId}
      />
    </Stack>
  )
}

export function SecurityFiltersMenu({ value, onChange }: FiltersMenuProps) {
  const [epss, setEpss] = useState<Range>(value.epss)
  const [cvss, setCvss] = useState<Range>(value.cvss)
  const settledEpss = useDebounced(epss, RANGE_DEBOUNCE_MS)
  const settledCvss = useDebounced(cvss, RANGE_DEBOUNCE_MS)
  // biome-ignore lint/correctness/useExhaustiveDependencies: only settled slider values are pushed up
  useEffect(() => {
    if (settledEpss !== value.epss || settledCvss !== value.cvss)
      onChange({ ...value, epss: settledEpss, cvss: settledCvss })
  }, [settledEpss, settledCvss])
  const toggle = (severity: Severity, on: boolean) =>
    onChange({
      ...value,
      severities: on ? [...value.severities, severity] : value.severities.filter((s) => s !== severity),
    })
  const changed =
    value.severities.length !== DEFAULT_SECURITY_FILTERS.severities.length ||
    value.epss[0] > 0 ||
    value.epss[1] < 100 ||
    value.cvss[0] > 0 ||
    value.cvss[1] < 10
  return (
    <Popover width={300} position="bottom-end" shadow="md" trapFocus withinPortal zIndex={400}>
      <Popover.Target>
        <Button size="xs" variant={changed ? 'light' : 'default'} data-testid="security-filters">
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="sm">
          <Text size="sm" fw={600}>
            Severity
          </Text>
          {SEVERITY_ORDER.map((severity) => (
            <Checkbox
              key={severity}
              size="xs"
              label={severityLabel(severity)}
              checked={value.severities.includes(severity)}
              onChange={(event) => toggle(severity, event.currentTarget.checked)}
              data-testid={`severity-${severity}`}
            />
          ))}
          <Divider />
          <RangeField
            label="EPSS %"
            bounds={EPSS_RANGE}
            value={epss}
            onChange={setEpss}
            testId="epss-slider"
          />
          <RangeField label="CVSS" bounds={CVSS_RANGE} value={cvss} onChange={setCvss} testId="cvss-slider" />
          <Text size="xs" c="dimmed">
            Findings without an EPSS or CVSS value are hidden once its range is narrowed.
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
