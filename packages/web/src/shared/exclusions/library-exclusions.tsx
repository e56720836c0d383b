// Excluding stability and licensing findings from their lists (issue 14 "Exclusions you can see";
// report-page §4 "Exclude dialog", §6: only for members who may act on the latest report): a tick box and
// 'Exclude' on each row, 'Exclude selected' for several libraries at once, and the row's exclusions.
import { Button, Checkbox, Group } from '@mantine/core'
import { type ReactNode, useCallback, useState } from 'react'
import { useReportContext } from '../report/report-context'
import type { ExcludedLibrary, LibraryDomain } from './exclusion-model'
import { isExcludedNow } from './exclusion-state'
import { ExclusionStatus, useFindingExclusions } from './exclusion-status'
import { LibraryExcludeDialog } from './library-exclude-dialog'
import { useExclusionMutations } from './use-exclusions'

const keyOf = (l: ExcludedLibrary) => `${l.language}/${l.name}@${l.version}`

export interface LibraryExclusions {
  domain: LibraryDomain
  canAct: boolean
  isSelected: (library: ExcludedLibrary) => boolean
  toggle: (library: ExcludedLibrary) => void
  open: (libraries: ExcludedLibrary[]) => void
  /** 'Exclude selected (n)' for the section's header; null when nothing is ticked or the caller may not act. */
  bulkButton: ReactNode
  /** The dialog while it is open. */
  dialog: ReactNode
}

export function useLibraryExclusions(domain: LibraryDomain): LibraryExclusions {
  const { project, branch, access, creatorUuid } = useReportContext()
  const { create, recompute } = useExclusionMutations(project.uuid, branch, creatorUuid)
  const [selected, setSelected] = useState<Map<string, ExcludedLibrary>>(new Map())
  const [dialogFor, setDialogFor] = useState<ExcludedLibrary[] | null>(null)
  const toggle = useCallback((library: ExcludedLibrary) => {
    setSelected((current) => {
      const next = new Map(current)
      if (next.has(keyOf(library))) next.delete(keyOf(library))
      else next.set(keyOf(library), library)
      return next
    })
  }, [])
  const isSelected = useCallback((library: ExcludedLibrary) => selected.has(keyOf(library)), [selected])
  const bulkButton =
    access.canAct && selected.size > 0 ? (
      <Button
        size="xs"
        variant="light"
        onClick={() => setDialogFor([...selected.values()])}
        data-testid={`${domain}-exclude-selected`}
      >
        Exclude selected ({selected.size})
      </Button>
    ) : null
  const dialog = dialogFor ? (
    <LibraryExcludeDialog
      domain={domain}
      libraries={dialogFor}
      onClose={() => setDialogFor(null)}
      onSubmit={async (contents, now) => {
        await create.mutateAsync(contents)
        setSelected(new Map())
        if (now) await recompute.mutateAsync()
      }}
    />
  ) : null
  return { domain, canAct: access.canAct, isSelected, toggle, open: setDialogFor, bulkButton, dialog }
}

/** A row's tick box and 'Exclude' (for members who may act), and its exclusions (for everyone). */
export function RowExclusion({
  tools,
  library,
  applied,
  extra,
}: {
  tools: LibraryExclusions
  library: ExcludedLibrary
  applied: readonly unknown[] | undefined
  /** More actions on the same line (the licence actions). */
  extra?: ReactNode
}) {
  const views = useFindingExclusions(applied, {
    domain: tools.domain,
    language: library.language,
    name: library.name,
    version: library.version,
  })
  const mayExclude = tools.canAct && !isExcludedNow(views)
  return (
    <>
      {mayExclude || extra ? (
        <Group gap={6} wrap="wrap" data-testid="row-actions">
          {mayExclude ? (
            <>
              <Checkbox
                size="xs"
                checked={tools.isSelected(library)}
                onChange={() => tools.toggle(library)}
                aria-label={`Select ${library.displayName} ${library.version}`}
                data-testid="row-select"
              />
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => tools.open([library])}
                data-testid="row-exclude-button"
              >
                Exclude
              </Button>
            </>
          ) : null}
          {extra}
        </Group>
      ) : null}
      <ExclusionStatus views={views} />
    </>
  )
}
