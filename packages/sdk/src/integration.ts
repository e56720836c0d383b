// What every integration's calls share (accounts-and-api §7 Issue tracker, Metrics, Asset tracking; §8
// "credential and config checks treat 400 as false"): the account argument checked before any request,
// and a check call whose 400 is valid false with the server's reason (other failures throw).
import { clientError, isSdkError, sdkMessages } from './errors'

export function accountId(value: string | null | undefined): string {
  if (!value?.trim()) throw clientError(sdkMessages.noAccount)
  return value.trim()
}

export async function checkCall(call: Promise<{ valid: boolean; message: string }>) {
  try {
    return await call
  } catch (error) {
    if (isSdkError(error) && error.status === 400) return { valid: false, message: error.message }
    throw error
  }
}
