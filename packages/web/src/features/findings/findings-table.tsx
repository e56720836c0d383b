// The findings table tab of the security section (issue 19 "Findings table"): every component ×
// advisory of the report, filtered and sorted as the URL says, bulk selection for triage (members who
// may act, report-page §6), and the CSV of exactly the rows and columns shown, written by the server.
// It reads what it works on from its `scope`, not from the report document: the report page opened on
// the table shows it before the report itself is there (issue 19 acceptance 4).
import { Button, Group, Loader, Text } from '@mantine/core'
import type { FindingAnalysisInput, FindingColumn, FindingRowDto } from '@sextant/contract'
import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { formatCount } from '../../lib/format'
import { saveText } from '../../lib/save-file'
import { useAlerts } from '../../ui/alerts/use-alerts'
import { FindingsFilters } from './findings-filters'
import { FindingsGrid } from './findings-grid'
import {
  facetValues,
  filterRowsOnce,
  searchKeysOf,
  sortRowsOnce,
  type TableView,
  viewFromSearch,
  viewToSearch,
} from './findings-model'
import { RemediationPanel } from './remediation-panel'
import { TriageDialog } from './triage-dialog'
import { type FindingsScope, fetchFindingsCsv, useFindings, useTriage } from './use-findings'
import { VexButtons } from './vex-buttons'

const NONE: FindingRowDto[] = []

export function FindingsTable({ scope }: { scope: FindingsScope }) {
  const { project, branch, reportUuid, canAct } = scope
  const [search, setSearch] = useSearchParams()
  const view = useMemo(() => viewFromSearch(search), [search])
  const setView = (next: TableView) => setSearch(viewToSearch(next, search), { replace: true })
  const findings = useFindings(project.uuid, branch, reportUuid)
  const triage = useTriage(project.uuid, branch)
  const { showAlert } = useAlerts()
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState(false)
  const all = findings.data?.rows ?? NONE
  // filtered only when a filter changes and sorted only when the filtered rows or the sort change: the
  // view is parsed from the URL anew on every change of it, so its parts are compared by value (and the
  // last results are kept per answer, for the table mounted again when the full report page replaces
  // the first screen)
  const filtered = filterRowsOnce(all, view.filters)
  const shown = sortRowsOnce(filtered, view.sort)
  // the free-text filter's lowercase texts, built while the page is idle after the rows are shown
  useEffect(() => {
    if (all.length === 0) return
    const build = () => void searchKeysOf(all)
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(build, 0)
      return () => clearTimeout(timer)
    }
    const id = requestIdleCallback(build)
    return () => cancelIdleCallback(id)
  }, [all])
  const facets = useMemo(
    () => ({ scopes: facetValues(all, (r) => r.scope), ecosystems: facetValues(all, (r) => r.language) }),
    [all],
  )
  if (findings.isPending) return <Loader size="sm" data-testid="findings-loading" />
  if (findings.isError)
    return (
      <Text c="red" size="sm">
        {findings.error.message}
      </Text>
    )
  const select = (keys: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev)
      for (const k of keys) on ? next.add(k) : next.delete(k)
      return next
    })
  const sort = (column: FindingColumn) =>
    setView({ ...view, sort: { column, desc: view.sort.column === column ? !view.sort.desc : true } })
  const chosen = all.filter((r) => selected.has(r.key))
  const save = async (analysis: FindingAnalysisInput) => {
    await triage.mutateAsync({
      keys: chosen.map((r) => ({
        library: { name: r.name, language: r.language },
        version: r.version,
        adviceId: r.adviceId,
      })),
      analysis,
    })
    setSelected(new Set())
    showAlert(
      'success',
      `Analysis saved for ${formatCount(chosen.length, 'finding')}: recompute to update the scores.`,
    )
  }
  const exportCsv = async () => {
    try {
      const file = await fetchFindingsCsv(
        project.uuid,
        branch,
        reportUuid,
        view.columns,
        shown.map((r) => r.key),
      )
      saveText(file.fileName, file.csv)
    } catch (cause) {
      showAlert('error', cause instanceof Error ? cause.message : 'The CSV could not be written.')
    }
  }
  return (
    <div data-testid="findings-table">
      <RemediationPanel scope={scope} />
      <FindingsFilters view={view} onChange={setView} hasPrevious={findings.data.hasPrevious} {...facets} />
      <Group justify="space-between" my="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="findings-count">
          {`${formatCount(shown.length, 'finding')} shown of ${all.length}`}
          {canAct && chosen.length > 0 ? ` · ${chosen.length} selected` : ''}
        </Text>
        <Group gap="xs">
          {canAct ? (
            <Button
              size="xs"
              disabled={chosen.length === 0}
              onClick={() => setDialog(true)}
              data-testid="findings-triage"
            >
              Set analysis…
            </Button>
          ) : null}
          <Button size="xs" variant="default" onClick={exportCsv} data-testid="findings-csv">
            CSV
          </Button>
          <VexButtons scope={scope} />
        </Group>
      </Group>
      <FindingsGrid
        rows={shown}
        view={view}
        onSort={sort}
        selected={selected}
        onSelect={select}
        selectable={canAct}
      />
      {dialog ? (
        <TriageDialog count={chosen.length} onClose={() => setDialog(false)} onSubmit={save} />
      ) : null}
    </div>
  )
}
