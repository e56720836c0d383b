import type { Account, Project } from '@sextant/contract'
import { describe, expect, it } from 'vitest'
import { reportAccess } from './report-access'

const account: Account = {
  uuid: 'a',
  name: 'Acme',
  email: 'a@example.test',
  plan: 'enterprise',
  bundle: { name: 'b', limits: { usePDFReports: true } },
  features: [],
  default: false,
  sysadmin: false,
  properties: {},
}
const project = { isPublic: false, readonly: false } as Project

describe('report access (§6)', () => {
  it('allows actions only in private mode, on the latest report of a writable project', () => {
    const base = { account, signedIn: true, project, mode: 'eli', latest: true, reportError: false }
    expect(reportAccess(base).canAct).toBe(true)
    expect(reportAccess({ ...base, mode: null }).canAct).toBe(false)
    expect(reportAccess({ ...base, signedIn: false }).canAct).toBe(false)
    expect(reportAccess({ ...base, latest: false }).canAct).toBe(false)
    expect(reportAccess({ ...base, project: { ...project, readonly: true } }).canAct).toBe(false)
  })
  it('refuses downloads of private projects to opensource accounts and on historic reports', () => {
    const base = { account, signedIn: true, project, mode: null, latest: true, reportError: false }
    expect(reportAccess(base).canDownload).toBe(true)
    expect(reportAccess({ ...base, account: { ...account, plan: 'opensource' } }).canDownload).toBe(false)
    expect(
      reportAccess({
        ...base,
        account: { ...account, plan: 'opensource' },
        project: { ...project, isPublic: true },
      }).canDownload,
    ).toBe(true)
    expect(reportAccess({ ...base, latest: false }).canDownload).toBe(false)
    expect(reportAccess({ ...base, reportError: true }).canDownload).toBe(false)
  })
  it('offers PDF per bundle and SBOM items only off public projects', () => {
    const base = { account, signedIn: true, project, mode: null, latest: true, reportError: false }
    expect(reportAccess(base).canDownloadPdf).toBe(true)
    expect(reportAccess(base).canDownloadSbom).toBe(false)
    expect(
      reportAccess({ ...base, account: { ...account, features: ['advancedsboms'] } }).canDownloadSbom,
    ).toBe(true)
    expect(reportAccess({ ...base, account: null }).canDownloadSbom).toBe(true)
  })
  it('gives hasChaiFeature to signed-in members of an account with the chai feature only (§6)', () => {
    const base = { account, signedIn: true, project, mode: null, latest: true, reportError: false }
    expect(reportAccess(base).hasChaiFeature).toBe(false)
    const chai = { ...account, features: ['chai'] }
    expect(reportAccess({ ...base, account: chai }).hasChaiFeature).toBe(true)
    expect(reportAccess({ ...base, account: chai, signedIn: false }).hasChaiFeature).toBe(false)
    expect(reportAccess({ ...base, account: { ...chai, default: true } }).hasChaiFeature).toBe(false)
  })

  it('lets only account admins (Administrator or sysadmin) edit licences and copyright', () => {
    const base = { account, signedIn: true, project, mode: 'eli', latest: true, reportError: false }
    expect(reportAccess(base).accountAdmin).toBe(false)
    expect(reportAccess({ ...base, member: { role: 'Administrator', sysadmin: false } }).accountAdmin).toBe(
      true,
    )
    expect(reportAccess({ ...base, member: { role: 'Viewer', sysadmin: true } }).accountAdmin).toBe(true)
    for (const role of ['Collaborator', 'Viewer', 'TeamAdministrator'] as const)
      expect(reportAccess({ ...base, member: { role, sysadmin: false } }).accountAdmin).toBe(false)
    expect(
      reportAccess({ ...base, signedIn: false, member: { role: 'Administrator', sysadmin: false } })
        .accountAdmin,
    ).toBe(false)
  })

  it('binds each §6 element to its account feature, for members only (the default account gets SBOM only)', () => {
    const base = { account, signedIn: true, project, mode: 'eli', latest: true, reportError: false }
    const none = reportAccess(base)
    expect([
      none.hasLicensesFeature,
      none.hasNextsafeFeature,
      none.canViewSbom,
      none.hasSecureCodingFeature,
    ]).toEqual([false, false, false, false])
    const all = { ...account, features: ['licenses', 'nextsafe', 'sbom', 'securecodewarrior'] }
    const full = reportAccess({ ...base, account: all })
    expect([
      full.hasLicensesFeature,
      full.hasNextsafeFeature,
      full.canViewSbom,
      full.hasSecureCodingFeature,
    ]).toEqual([true, true, true, true])
    const anonymous = reportAccess({ ...base, signedIn: false, account: { ...all, default: true } })
    expect(anonymous.canViewSbom).toBe(true)
    expect([
      anonymous.hasLicensesFeature,
      anonymous.hasNextsafeFeature,
      anonymous.hasSecureCodingFeature,
    ]).toEqual([false, false, false])
    expect(reportAccess({ ...base, account: { ...account, plan: 'opensource' } }).canViewSbom).toBe(true)
  })
})
