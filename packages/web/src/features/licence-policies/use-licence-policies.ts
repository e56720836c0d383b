// Server state of the licence policies screen (accounts-and-api §7 "Licence policies", "Tags").
import type { LicencePolicyBody } from '@sextant/contract'
import { licencesApi, tagsApi } from '@sextant/sdk'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { sdk } from '../../lib/sdk'

const licences = licencesApi(sdk)
const tags = tagsApi(sdk)

const policiesKey = (accountId: string) => ['licence-policies', accountId] as const

export function useLicencePolicies(accountId: string) {
  return useQuery({
    queryKey: policiesKey(accountId),
    queryFn: () => licences.policies(accountId),
    enabled: accountId !== '',
  })
}

/** The account's tag names for the tag field; none when tags cannot be read. */
export function useTagNames() {
  return useQuery({
    queryKey: ['account-tags'],
    queryFn: async () => (await tags.tags().catch(() => [])).map((t) => t.name),
  })
}

export function useLicencePolicyMutations(accountId: string) {
  const client = useQueryClient()
  const settle = () => client.invalidateQueries({ queryKey: policiesKey(accountId) })
  const save = useMutation({
    mutationFn: ({ policyId, body }: { policyId: string | null; body: LicencePolicyBody }) =>
      policyId ? licences.updatePolicy(accountId, policyId, body) : licences.createPolicy(accountId, body),
    onSuccess: settle,
  })
  const remove = useMutation({
    mutationFn: (policyId: string) => licences.deletePolicy(accountId, policyId),
    onSuccess: settle,
  })
  return { save, remove }
}
