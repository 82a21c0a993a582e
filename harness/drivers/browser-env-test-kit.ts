import { afterAll, beforeAll } from 'vitest'
import { startBrowserEnv, type BrowserEnv } from './browser-driver.ts'

/**
 * The browser driver's environment for one test file: started once before its tests, closed after them. Read
 * `env.current` inside tests.
 *
 * @example
 * const env = useBrowserEnv()
 * it('…', async () => { await runInBrowser(env.current, scenario) })
 */
export function useBrowserEnv(): { readonly current: BrowserEnv } {
  let env: BrowserEnv | undefined
  beforeAll(async () => {
    env = await startBrowserEnv()
  }, 30_000)
  afterAll(async () => {
    await env?.close()
  })
  return {
    get current() {
      if (!env) throw new Error('the browser environment starts in beforeAll: read env.current inside a test')
      return env
    },
  }
}
