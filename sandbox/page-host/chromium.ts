import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

/** Flags for Chromium on a machine with a closed network (no background traffic, no sandbox as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
]

/**
 * Which Chromium to run: `PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH`, else Playwright's
 * own browser when installed, else a system Chromium (`/usr/bin/chromium`).
 * Throws a message saying how to get one when there is none.
 */
export function chromiumExecutable(): string {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH=${fromEnv} does not exist`)
    return fromEnv
  }
  let own: string | undefined
  try {
    own = chromium.executablePath()
  } catch {
    own = undefined
  }
  if (own && existsSync(own)) return own
  for (const candidate of ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'])
    if (existsSync(candidate)) return candidate
  throw new Error(
    'No Chromium found. Install one: `npx playwright install chromium`, or `apt-get install chromium` (Debian), ' +
      'or point PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH at a Chromium or Chrome binary.',
  )
}

/** Launches headless Chromium with the sandbox's flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumExecutable(), headless: true, args: CHROMIUM_ARGS })
}
