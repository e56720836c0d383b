// The alert context shared by the provider and the hook (report-page §2: global red alert, 15 s,
// accepts HTML, close button; transient alert with type and message, 5 s by default; §9 constants).
import { createContext } from 'react'

export const GLOBAL_ALERT_MS = 15_000
export const TRANSIENT_ALERT_MS = 5_000

export type TransientType = 'success' | 'info' | 'warning' | 'error'

export interface TransientAlert {
  id: number
  type: TransientType
  message: string
}

export interface AlertsApi {
  /** Red alert at the top of the page; html is sanitised before it is shown. */
  showGlobalAlert(html: string, ms?: number): void
  closeGlobalAlert(): void
  /** Shown only when both a type and a message exist (spec). */
  showAlert(
    type: TransientType | '' | null | undefined,
    message: string | null | undefined,
    ms?: number,
  ): void
}

export const AlertsContext = createContext<AlertsApi | null>(null)
