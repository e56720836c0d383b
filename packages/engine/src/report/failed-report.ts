// The report of an analysis that failed (spec report-page §4: ERROR shows 'WE COULDN'T BUILD A REPORT';
// issue 14 "ERROR/FAILED on failure"): no domain assessed, no score, every domain failing the gate, and
// the reason as a note, so the page, badges, lists and CI say the branch could not be assessed instead of
// showing the previous report as if it were current.
import type { ReportDocument, SectionAssessment } from './document'
import { reportTimestamp } from './timestamp'

export interface FailedReportInput {
  uuid: string
  projectUuid: string
  branch: string
  now: Date
  thresholds: { security: number; stability: number; licensing: number }
  /** Why the analysis failed, for people. */
  message: string
}

const none = (): SectionAssessment => ({
  state: 'none',
  components: 0,
  assessedComponents: 0,
  partialScore: null,
  gaps: [],
})

export function buildFailedReport(input: FailedReportInput): ReportDocument {
  return {
    uuid: input.uuid,
    status: 'ERROR',
    timestamp: reportTimestamp(input.now),
    createdAt: input.now.toISOString(),
    outcome: 'FAIL',
    scopes: [],
    thresholds: input.thresholds,
    project: { uuid: input.projectUuid, branch: input.branch },
    summary: { components: 0, direct: 0, transitive: 0, unknownRelationships: 0, languages: [] },
    security: {
      score: null,
      componentsCount: 0,
      assessed: false,
      assessment: none(),
      assessments: [],
      summary: {},
    },
    stability: {
      score: null,
      componentsCount: 0,
      assessed: false,
      assessment: none(),
      reports: [],
      summary: { patch: 0, minor: 0, major: 0, exclusions: 0, components: 0 },
    },
    licensing: {
      score: null,
      componentsCount: 0,
      assessed: false,
      assessment: none(),
      reports: [],
      summary: {
        tot: 0,
        forbidden: 0,
        undeclared: 0,
        violationExclusions: 0,
        warningExclusions: 0,
        forbiddenWithoutExclusion: 0,
        undeclaredWithoutExclusion: 0,
        components: 0,
      },
    },
    notes: [{ domain: 'general', message: input.message }],
    gaps: [],
    gate: { failed: ['security', 'stability', 'licensing'], partialFails: true },
  }
}
