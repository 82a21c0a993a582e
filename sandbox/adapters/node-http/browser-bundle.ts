import { fileURLToPath } from 'node:url'

const bundles = new Map<string, Promise<string>>()

/**
 * Bundles a browser entry (relative to `sandbox/`) with esbuild, once per process.
 *
 * @example
 * await browserBundle('client/browser-entry.ts')
 */
export function browserBundle(entry: string): Promise<string> {
  let text = bundles.get(entry)
  if (!text) {
    const path = fileURLToPath(new URL(`../../${entry}`, import.meta.url))
    text = import('esbuild').then(async ({ build }) => {
      const result = await build({ entryPoints: [path], bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', write: false, legalComments: 'none' })
      return result.outputFiles[0]!.text
    })
    bundles.set(entry, text)
  }
  return text
}
