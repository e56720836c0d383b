// The licence policy form (product-notes "Licence policies"; accounts-and-api §7 POST
// /api/v1/accounts/{id}/policies/licenses[/{policyId}]): a built-in template or a custom DENY / ALLOW
// list of SPDX ids (plus the account's own proprietary ids), bound by project-name pattern or tag.
import type { LicencePolicyBody, LicencePolicyDto } from '@sextant/contract'

export type PolicyTemplate = NonNullable<LicencePolicyDto['template']>

/** What each built-in template forbids, as the form explains it (the server holds the lists). */
export const TEMPLATE_CHOICES: { value: PolicyTemplate; label: string; description: string }[] = [
  {
    value: 'no-copyleft',
    label: 'No copyleft',
    description:
      'Forbids strong and weak copyleft licences: GPL, AGPL, LGPL, MPL, EPL, EUPL, CDDL, CC BY-SA…',
  },
  {
    value: 'no-affero',
    label: 'No Affero (AGPL)',
    description: 'Forbids the GNU Affero GPL in every version.',
  },
  {
    value: 'no-gpl',
    label: 'No GPL',
    description: 'Forbids the GNU GPL in every version (LGPL and AGPL aside).',
  },
]

export interface PolicyForm {
  mode: 'template' | 'custom'
  template: PolicyTemplate
  name: string
  kind: 'DENY' | 'ALLOW'
  licences: string[]
  customLicences: string[]
  projectPatterns: string[]
  tags: string[]
}

export const policyFormMessages = {
  name: 'Give the policy a name: it is shown with every violation it finds.',
  licences: 'List at least one licence.',
} as const

export function emptyPolicyForm(): PolicyForm {
  return {
    mode: 'template',
    template: 'no-copyleft',
    name: '',
    kind: 'DENY',
    licences: [],
    customLicences: [],
    projectPatterns: [],
    tags: [],
  }
}

export function policyFormOf(p: LicencePolicyDto): PolicyForm {
  return {
    mode: p.template ? 'template' : 'custom',
    template: p.template ?? 'no-copyleft',
    name: p.name,
    kind: p.kind,
    licences: p.template ? [] : [...p.licences],
    customLicences: [...p.customLicences],
    projectPatterns: [...p.projectPatterns],
    tags: [...p.tags],
  }
}

/** The form's problems by field; empty when it can be sent. */
export function policyFormErrors(form: PolicyForm): Partial<Record<'name' | 'licences', string>> {
  if (form.mode === 'template') return {}
  const errors: Partial<Record<'name' | 'licences', string>> = {}
  if (form.name.trim() === '') errors.name = policyFormMessages.name
  if (form.licences.length === 0 && form.customLicences.length === 0)
    errors.licences = policyFormMessages.licences
  return errors
}

/** The request body; a template policy sends its template (and a name only when one was typed). */
export function policyBody(form: PolicyForm): LicencePolicyBody {
  const binding = { projectPatterns: clean(form.projectPatterns), tags: clean(form.tags) }
  if (form.mode === 'template')
    return { template: form.template, ...(form.name.trim() ? { name: form.name.trim() } : {}), ...binding }
  return {
    name: form.name.trim(),
    kind: form.kind,
    licences: clean(form.licences),
    customLicences: clean(form.customLicences),
    ...binding,
  }
}

function clean(list: readonly string[]): string[] {
  return [...new Set(list.map((x) => x.trim()).filter(Boolean))]
}

/** How a policy binds projects, for the list. */
export function bindingText(p: Pick<LicencePolicyDto, 'projectPatterns' | 'tags'>): string {
  if (p.projectPatterns.length === 0 && p.tags.length === 0) return 'Every project of the account'
  const parts = []
  if (p.projectPatterns.length > 0) parts.push(`projects named ${p.projectPatterns.join(', ')}`)
  if (p.tags.length > 0) parts.push(`projects tagged ${p.tags.join(', ')}`)
  return parts.join(' or ')
}
