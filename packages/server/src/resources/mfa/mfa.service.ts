// TOTP, scratch codes and SMS codes (spec accounts-and-api §7 MFA): set-up, checking a code once (a TOTP
// step is never accepted twice), and status. Seeds are decrypted only here, with the server's key.
import { createHmac } from 'node:crypto'
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Db } from '../../db/connection'
import {
  decryptSecret,
  encryptSecret,
  loadSecretKey,
  newNumericCode,
  newScratchCode,
} from '../../services/secrets'
import { type MfaRow, mfaRow, replaceScratchCodes, scratchCodes, setMfa, spendScratchCode } from './mfa.repo'
import type { SmsSender } from './sms'

export const SCRATCH_CODE_COUNT = 10
export const SMS_CODE_MS = 5 * 60_000
const PERIOD = 30

export type MfaMethod = 'app' | 'sms' | 'scratch'

export class MfaService {
  #key: Promise<Buffer> | null = null

  constructor(
    private readonly db: Db,
    private readonly sms: SmsSender,
    /** SEXTANT_SECRET_KEY (Config); null: the key kept in the database. */
    private readonly configuredKey: Buffer | null,
  ) {}

  private key(): Promise<Buffer> {
    this.#key ??= loadSecretKey(this.db, this.configuredKey)
    return this.#key
  }

  /** Scratch and SMS codes are short: keyed digests, so a listed hash cannot be brute-forced offline. */
  private async digest(code: string): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(code.trim().toLowerCase())
      .digest('hex')
  }

  async status(userUuid: string) {
    const row = await mfaRow(this.db, userUuid)
    const codes = await scratchCodes(this.db, userUuid)
    return {
      app: row?.totp_enabled ?? false,
      sms: row?.sms_enabled ?? false,
      phone: row?.phone ? `•••${row.phone.slice(-3)}` : null,
      scratchCodes: codes.filter((c) => !c.used).length,
    }
  }

  /** A new seed, stored encrypted and not yet enabled until a code from it is validated with isSetup. */
  async initialize(userUuid: string, email: string) {
    const secret = new Secret({ size: 20 })
    const totp = new TOTP({
      issuer: 'Sextant',
      label: email,
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD,
      secret,
    })
    const row = await mfaRow(this.db, userUuid)
    // Re-initialising while the app is enabled keeps it enabled with the old seed until the new one is confirmed.
    if (row?.totp_enabled) {
      throw new MfaProblem(
        'The authenticator app is active already: deactivate it first to set up a new one.',
      )
    }
    await setMfa(this.db, userUuid, {
      totp_secret_enc: encryptSecret(await this.key(), secret.base32),
      totp_enabled: false,
      last_totp_step: null,
    })
    const otpauthUri = totp.toString()
    return { otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri), secret: secret.base32 }
  }

  async deactivateApp(userUuid: string) {
    await setMfa(this.db, userUuid, { totp_secret_enc: null, totp_enabled: false, last_totp_step: null })
  }

  async resetAll(userUuid: string) {
    await setMfa(this.db, userUuid, {
      totp_secret_enc: null,
      totp_enabled: false,
      sms_enabled: false,
      phone: null,
      sms_code_hash: null,
      last_totp_step: null,
    })
    await replaceScratchCodes(this.db, userUuid, [])
  }

  async createScratchCodes(userUuid: string): Promise<string[]> {
    const codes = Array.from({ length: SCRATCH_CODE_COUNT }, newScratchCode)
    await replaceScratchCodes(this.db, userUuid, await Promise.all(codes.map((c) => this.digest(c))))
    return codes
  }

  listScratchCodes(userUuid: string) {
    return scratchCodes(this.db, userUuid)
  }

  async deleteScratchCodes(userUuid: string) {
    await replaceScratchCodes(this.db, userUuid, [])
  }

  async sendSmsCode(userUuid: string, phone: string | null): Promise<void> {
    const row = await mfaRow(this.db, userUuid)
    const to = phone ?? row?.phone
    if (!to)
      throw new MfaProblem('No phone number is set up: send the phone to POST /api/v1/mfa/authenticate/sms.')
    const code = newNumericCode()
    await setMfa(this.db, userUuid, {
      phone: to,
      sms_code_hash: await this.digest(code),
      sms_code_expires_at: new Date(Date.now() + SMS_CODE_MS),
    })
    await this.sms.send(to, `Your Sextant code is ${code}. It works once, for 5 minutes.`)
  }

  /** Checks a code. With setup, the factor becomes enabled. Answers false for a wrong or spent code. */
  async check(userUuid: string, method: MfaMethod, code: string, setup: boolean): Promise<boolean> {
    const row = await mfaRow(this.db, userUuid)
    if (method === 'scratch') return !setup && spendScratchCode(this.db, userUuid, await this.digest(code))
    if (method === 'sms') return this.checkSms(userUuid, row, code, setup)
    if (/^\d{6}$/.test(code.trim())) {
      if (!row?.totp_secret_enc || (!setup && !row.totp_enabled)) return false
      const step = await this.checkTotp(row, code.trim())
      if (step === null) return false
      await setMfa(this.db, userUuid, { last_totp_step: step, ...(setup ? { totp_enabled: true } : {}) })
      return true
    }
    // Anything else typed into the app prompt may be a scratch code (the sign-in page has one field).
    return !setup && spendScratchCode(this.db, userUuid, await this.digest(code))
  }

  private async checkTotp(row: MfaRow, code: string): Promise<number | null> {
    const secret = Secret.fromBase32(decryptSecret(await this.key(), row.totp_secret_enc!))
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: PERIOD, secret })
    const delta = totp.validate({ token: code, window: 1 })
    if (delta === null) return null
    const step = Math.floor(Date.now() / 1000 / PERIOD) + delta
    // A code already used (or an older one) is refused: a watched code cannot be replayed.
    if (row.last_totp_step !== null && step <= Number(row.last_totp_step)) return null
    return step
  }

  private async checkSms(userUuid: string, row: MfaRow | null, code: string, setup: boolean) {
    if (!row?.sms_code_hash || !row.sms_code_expires_at || row.sms_code_expires_at.getTime() < Date.now())
      return false
    if (!setup && !row.sms_enabled) return false
    if ((await this.digest(code)) !== row.sms_code_hash) return false
    await setMfa(this.db, userUuid, { sms_code_hash: null, ...(setup ? { sms_enabled: true } : {}) })
    return true
  }
}

/** An expected MFA problem the routes turn into a 400 with this message. */
export class MfaProblem extends Error {}
