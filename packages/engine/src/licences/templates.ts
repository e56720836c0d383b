// The built-in licence policy templates (product-notes "Licence policies"): no copyleft, no Affero
// (AGPL), no GPL, each a DENY list built from the SPDX licence list. Scope choices are ours: "no GPL"
// denies the GPL family only (LGPL and AGPL have their own names); "no copyleft" denies strong and weak copyleft.
import spdxLicenceList from 'spdx-license-list'
import type { LicencePolicy } from './policy'

export type LicencePolicyTemplateKey = 'no-copyleft' | 'no-affero' | 'no-gpl'

export interface LicencePolicyTemplate {
  key: LicencePolicyTemplateKey
  name: string
  description: string
  kind: 'DENY'
  licences: readonly string[]
}

const allIds = Object.keys(spdxLicenceList).sort()
const idsMatching = (re: RegExp): string[] => allIds.filter((id) => re.test(id))

/**
 * Copyleft families on the SPDX list: strong (GPL, AGPL, OSL, EUPL, SSPL, RPL, CECILL-2.x, CC BY-SA,
 * GFDL, Sleepycat, QPL …) and weak / file-level (LGPL, MPL, EPL, CDDL, CPL, MS-RL, CECILL-C …).
 */
const copyleft =
  /^(A?GPL-|LGPL|GFDL-|MPL-|EPL-|EUPL-|CDDL-|CPL-|CPAL-|OSL-|RPL-|SSPL-|QPL-|MS-RL$|NPL-|NPOSL-|SISSL|SPL-|IPL-|APSL-|CECILL-(1|2|C)|CC-BY-(NC-)?SA-|CC-BY-NC-SA-|copyleft-next-|Sleepycat$|ODbL-|OGL-UK-|Watcom-|RPSL-|Motosoto$|YPL-|Nokia$|LPL-|ErlPL-|eCos-|wxWindows$|GPL-)/

export const LICENCE_POLICY_TEMPLATES: readonly LicencePolicyTemplate[] = [
  {
    key: 'no-copyleft',
    name: 'No copyleft',
    description:
      'Forbids strong and weak copyleft licences (GPL, AGPL, LGPL, MPL, EPL, EUPL, CDDL, CC BY-SA, …).',
    kind: 'DENY',
    licences: idsMatching(copyleft),
  },
  {
    key: 'no-affero',
    name: 'No Affero (AGPL)',
    description: 'Forbids the GNU Affero General Public License in every version.',
    kind: 'DENY',
    licences: idsMatching(/^AGPL-/),
  },
  {
    key: 'no-gpl',
    name: 'No GPL',
    description: 'Forbids the GNU General Public License in every version (LGPL and AGPL are not GPL here).',
    kind: 'DENY',
    licences: idsMatching(/^GPL-/),
  },
]

/** A policy made from a template; `overrides` binds it (patterns, tags) or renames it. */
export function licencePolicyFromTemplate(
  key: LicencePolicyTemplateKey,
  overrides: Partial<Omit<LicencePolicy, 'kind' | 'licences'>> = {},
): LicencePolicy {
  const t = LICENCE_POLICY_TEMPLATES.find((x) => x.key === key)!
  return { name: t.name, kind: t.kind, licences: t.licences, ...overrides }
}
