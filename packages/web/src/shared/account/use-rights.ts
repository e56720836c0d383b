// The signed-in member's §6 rights for the administration screens (see rights.ts).
import { useSession } from '../session/use-session'
import { roleMay, type UiAction, type UiArea } from './rights'

export function useRights(): (area: UiArea, action: UiAction) => boolean {
  const { user } = useSession()
  return (area, action) => (user ? roleMay(user.membership.role, user.sysadmin, area, action) : false)
}
