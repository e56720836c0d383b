// Access to the alert functions from any component below AlertsProvider.
import { useContext } from 'react'
import { type AlertsApi, AlertsContext } from './alerts-context'

export function useAlerts(): AlertsApi {
  const api = useContext(AlertsContext)
  if (!api) throw new Error('useAlerts needs an AlertsProvider above it')
  return api
}
