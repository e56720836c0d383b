// The exclude dialog of a vulnerability (report-page §2 Dialogs, §4 "Exclude dialog", §5): title from the
// finding, the explanation (exclusion-dialog-frame.tsx), the type-of-exclusion radio group, the global
// option, trusting a library with what it brings in (transitive: §4 forces the recompute on and disables
// that checkbox), and 'Recompute the report now'. Entries are sent one after another.
import { Checkbox, Radio, Stack } from '@mantine/core'
import type { Advice } from '@sextant/contract'
import { useState } from 'react'
import type { ComponentReport } from '../report/security-model'
import { ExclusionDialogFrame } from './exclusion-dialog-frame'
import {
  cveAvailable,
  type ExclusionType,
  excludeTitle,
  exclusionContents,
  globalLabel,
  globalOffered,
  recomputeForced,
  type SecurityReason,
} from './exclusion-model'
import { RecomputeNowCheckbox } from './recompute-now-checkbox'

interface ExcludeDialogProps {
  advice: Advice
  component: ComponentReport
  reason: SecurityReason
  onClose: () => void
  /** recompute: the report is to be recomputed once the exclusions are stored. */
  onSubmit: (contents: string[], recompute: boolean) => Promise<void>
}

export function ExcludeDialog({ advice, component, reason, onClose, onSubmit }: ExcludeDialogProps) {
  const [type, setType] = useState<ExclusionType>('advice')
  const [global, setGlobal] = useState(false)
  const [transitive, setTransitive] = useState(false)
  const [recomputeNow, setRecomputeNow] = useState(false)
  const forced = recomputeForced(type, transitive)
  return (
    <ExclusionDialogFrame
      title={excludeTitle(reason, advice, component)}
      testId="exclude-dialog"
      submitLabel="Exclude"
      onClose={onClose}
      onSubmit={(description) =>
        onSubmit(
          exclusionContents({ type, global, advice, component, reason, description, transitive }),
          forced || recomputeNow,
        )
      }
    >
      <Radio.Group
        label="Type of exclusion"
        value={type}
        onChange={(value) => {
          setType(value as ExclusionType)
          setGlobal(false)
          setTransitive(false)
        }}
      >
        <Stack gap={6} mt={6}>
          <Radio value="advice" label="This vulnerability" />
          <Radio
            value="cve"
            label={`This CVE${cveAvailable(advice) ? ` (${advice.cve})` : ''}`}
            disabled={!cveAvailable(advice)}
          />
          <Radio value="library" label={`This library version (${component.dependency.version})`} />
        </Stack>
      </Radio.Group>
      {globalOffered(type, component) ? (
        <Checkbox
          label={globalLabel(type)}
          checked={global}
          onChange={(event) => setGlobal(event.currentTarget.checked)}
          data-testid="exclude-global"
        />
      ) : null}
      {type === 'library' ? (
        <Checkbox
          label="Trust this component with everything it brings in (transitive)"
          checked={transitive}
          onChange={(event) => setTransitive(event.currentTarget.checked)}
          data-testid="exclude-transitive"
        />
      ) : null}
      <RecomputeNowCheckbox checked={forced || recomputeNow} forced={forced} onChange={setRecomputeNow} />
    </ExclusionDialogFrame>
  )
}
