// Typed calls of the statistics files (issue 16; spec accounts-and-api §7 GET /stats/allerta.json,
// /stats/allerta_{date}.json, /stats/public-vulns.json; site-stats is accountsApi's siteStats). A day is a
// Date (its UTC day) or YYYY-MM-DD; anything else fails before a request ('Required information not provided.').
import type { SextantClient } from './client'
import { clientError, sdkMessages } from './errors'

function dayOf(day: Date | string): string {
  const text =
    typeof day === 'string' ? day.trim() : Number.isNaN(day.getTime()) ? '' : day.toISOString().slice(0, 10)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) throw clientError(sdkMessages.missingInformation)
  return text
}

export function statsApi(client: SextantClient) {
  return {
    /** The alerts sent to the caller's account on each of the last days, by ecosystem and severity. */
    allerta: async () => client.call('allertaStats'),
    /** The alerts sent to the caller's account on one day (UTC). */
    allertaOf: async (day: Date | string) =>
      client.call('allertaDayStats', { params: { file: `allerta_${dayOf(day)}.json` } }),
    /** Advisories published in the last `days` (server default 7), newest first, at most `limit`. */
    publicVulns: async (options: { days?: number; limit?: number } = {}) =>
      client.call('publicVulns', { query: options }),
  }
}

export type StatsApi = ReturnType<typeof statsApi>
