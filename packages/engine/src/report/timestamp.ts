// The report timestamp as the spec's entity spells it (report-page §3 Report.timestamp), in UTC.
import type { ReportTimestamp } from './document'

export function reportTimestamp(at: Date): ReportTimestamp {
  return {
    year: at.getUTCFullYear(),
    month: at.getUTCMonth() + 1,
    dayOfMonth: at.getUTCDate(),
    hour: at.getUTCHours(),
    minute: at.getUTCMinutes(),
    second: at.getUTCSeconds(),
    nano: at.getUTCMilliseconds() * 1_000_000,
  }
}
