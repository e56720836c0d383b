// The exclude dialog for stability and licensing findings (report-page §2 Dialogs, §4 "Exclude dialog":
// 'Excluding multiple libraries' for several, sent one after another; for licences 'Excluding' when
// mitigated, else 'Reporting'; §5 explanation rule and '*' for every version). The libraries it lists are
// the ones the member ticked, or the one row it was opened from.
import { Checkbox, List, Radio, Stack } from '@mantine/core'
import { useState } from 'react'
import { ExclusionDialogFrame } from './exclusion-dialog-frame'
import {
  displayVersion,
  type ExcludedLibrary,
  LIBRARY_REASONS,
  type LibraryDomain,
  type LibraryReason,
  libraryExcludeTitle,
  libraryExclusionContents,
} from './exclusion-model'
import { RecomputeNowCheckbox } from './recompute-now-checkbox'

interface LibraryExcludeDialogProps {
  domain: LibraryDomain
  libraries: readonly ExcludedLibrary[]
  onClose: () => void
  onSubmit: (contents: string[], recompute: boolean) => Promise<void>
}

export function LibraryExcludeDialog({ domain, libraries, onClose, onSubmit }: LibraryExcludeDialogProps) {
  const reasons = LIBRARY_REASONS[domain]
  const [reason, setReason] = useState<LibraryReason>(reasons[0]?.reason ?? 'ignored')
  const [allVersions, setAllVersions] = useState(false)
  const [recomputeNow, setRecomputeNow] = useState(false)
  const list =
    libraries.length > 1 ? (
      <List
        size="sm"
        spacing={2}
        data-testid="library-exclude-list"
        style={{ maxHeight: 160, overflow: 'auto' }}
      >
        {libraries.map((l) => (
          <List.Item key={`${l.language}/${l.name}@${l.version}`}>
            {l.displayName} {displayVersion(l.version)}
          </List.Item>
        ))}
      </List>
    ) : null
  return (
    <ExclusionDialogFrame
      title={libraryExcludeTitle(domain, reason, libraries)}
      testId="library-exclude-dialog"
      submitLabel={reason === 'mitigated' || domain === 'stability' ? 'Exclude' : 'Report'}
      header={list}
      onClose={onClose}
      onSubmit={(description) =>
        onSubmit(
          libraryExclusionContents({ domain, libraries, reason, description, allVersions }),
          recomputeNow,
        )
      }
    >
      {reasons.length > 1 ? (
        <Radio.Group label="Reason" value={reason} onChange={(v) => setReason(v as LibraryReason)}>
          <Stack gap={6} mt={6}>
            {reasons.map((r) => (
              <Radio key={r.reason} value={r.reason} label={r.label} data-testid={`reason-${r.reason}`} />
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      <Checkbox
        label={libraries.length > 1 ? 'Every version of these libraries' : 'Every version of this library'}
        checked={allVersions}
        onChange={(event) => setAllVersions(event.currentTarget.checked)}
        data-testid="exclude-all-versions"
      />
      <RecomputeNowCheckbox checked={recomputeNow} onChange={setRecomputeNow} />
    </ExclusionDialogFrame>
  )
}
