// Headless Chromium for end-to-end tests (DESIGN §9): Debian's chromium driven by playwright-core.
// A missing browser fails with the command that installs it; nothing is silently skipped.
import { existsSync } from 'node:fs'
import { type Browser, chromium } from 'playwright-core'

export const chromiumPath = process.env.SEXTANT_CHROMIUM ?? '/usr/bin/chromium'

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `Chromium is missing at ${chromiumPath}: install it with 'apt-get install -y chromium' (or set SEXTANT_CHROMIUM).`,
    )
  }
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
}
