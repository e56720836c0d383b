// 'Recompute the report now' in the exclude dialogs (report-page §2 Dialogs "optional checkboxes", §4:
// a transitive security exclusion forces it on and disables it). Off, the exclusion shows on its finding
// at once and counts in the scores at the next recompute.
import { Checkbox } from '@mantine/core'

export function RecomputeNowCheckbox({
  checked,
  forced = false,
  onChange,
}: {
  checked: boolean
  forced?: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <Checkbox
      label="Recompute the report now"
      description={
        forced
          ? 'A transitive exclusion reaches the components this one brings in: the report is recomputed.'
          : 'Otherwise the exclusion shows at once and counts in the scores at the next recompute.'
      }
      checked={checked}
      disabled={forced}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="exclude-recompute"
    />
  )
}
