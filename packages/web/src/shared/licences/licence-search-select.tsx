// The licence search select (report-page §2 License fix dialog, §5 "Search needs 2 or more characters",
// §7 GET /api/v1/licenses?query=): asks the SPDX list as the user types, with the §5 hints below.
import { Select } from '@mantine/core'
import { licencesApi } from '@sextant/sdk'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { sdk } from '../../lib/sdk'
import { useDebounced } from '../../lib/use-debounced'
import { searchHint } from './licence-fix-model'

const licences = licencesApi(sdk)
const SEARCH_DEBOUNCE_MS = 250

interface LicenceSearchSelectProps {
  value: string | null
  onChange: (id: string | null) => void
  label?: string
  testId?: string
  error?: string | null
}

export function LicenceSearchSelect({ value, onChange, label, testId, error }: LicenceSearchSelectProps) {
  const [search, setSearch] = useState('')
  const query = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS)
  const hits = useQuery({
    queryKey: ['licence-search', query],
    queryFn: () => licences.search(query),
    enabled: query.length >= 2,
    staleTime: 300_000,
  })
  const hint = searchHint(search)
  const data = (hits.data ?? []).map((h) => ({ value: h.id, label: `${h.id} · ${h.name}` }))
  // keep the chosen licence selectable while a later search shows other hits
  if (value && !data.some((d) => d.value === value)) data.unshift({ value, label: value })
  return (
    <Select
      label={label}
      aria-label={label ?? 'Search licenses'}
      placeholder="Search licenses, e.g. GPL"
      searchable
      clearable
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      filter={({ options }) => options}
      nothingFoundMessage={hint ?? (hits.isFetching ? 'Searching…' : 'No license matches')}
      description={hint}
      error={error}
      maxDropdownHeight={240}
      comboboxProps={{ zIndex: 450 }}
      data-testid={testId}
    />
  )
}
