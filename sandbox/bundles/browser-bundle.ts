import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The browser bundles the servers hand out: the frames origin, the demo and the node adapter use them alike, so no
// adapter owns them.

/** The browser entries the servers hand out, relative to `sandbox/`: the frame page, the client, the demo page. */
export const BROWSER_ENTRIES = ['frames/page/frame-app.ts', 'client/index.ts', 'demo/demo-app.ts'] as const

/** One entry of `BROWSER_ENTRIES`. */
export type BrowserEntry = (typeof BROWSER_ENTRIES)[number]

/** esbuild's options for every bundle, shared by the build (`scripts/build.ts`) and the source path below. */
export const BUNDLE_OPTIONS = { bundle: true, format: 'esm', platform: 'browser', target: 'chrome120', legalComments: 'none' } as const

/**
 * Where the build writes an entry's bundle, relative to the package root:
 * `dist/browser/<entry>.js` (e.g. `dist/browser/client/index.js`).
 *
 * @example
 * prebuiltPath('client/index.ts') // 'dist/browser/client/index.js'
 */
export function prebuiltPath(entry: BrowserEntry): string {
  return `dist/browser/${entry.replace(/\.ts$/, '.js')}`
}

const bundles = new Map<string, Promise<string>>()

/**
 * A browser entry's bundle, once per process. Built output (`dist/`) reads the
 * file the build made, so the shipped runtime needs neither esbuild nor tsx;
 * the sources (vitest, tsx) bundle with esbuild, a devDependency, so a test
 * always serves what the sources say (decision 0030).
 *
 * @example
 * await browserBundle('client/index.ts')
 */
export function browserBundle(entry: BrowserEntry): Promise<string> {
  let text = bundles.get(entry)
  if (!text) {
    // In the sources this module sits at sandbox/bundles/.
    text = import.meta.url.endsWith('.ts') ? fromSource(fileURLToPath(new URL(`../${entry}`, import.meta.url))) : Promise.resolve(entry).then((built) => readFile(prebuiltFile(built), 'utf8'))
    bundles.set(entry, text)
  }
  return text
}

/**
 * The built bundle's file: the nearest folder above this module holding `dist/browser/…`. Built,
 * this module is either `dist/sandbox/bundles/browser-bundle.js` or part of the CLI's
 * single-file bundle `dist/sandbox/cli.js`, so its depth below the package root varies.
 */
function prebuiltFile(entry: BrowserEntry): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const file = join(dir, prebuiltPath(entry))
    if (existsSync(file)) return file
    if (dirname(dir) === dir) throw new Error(`${prebuiltPath(entry)} is missing: run npm run build`)
  }
}

// A computed specifier, so that neither tsc's build nor the package's import graph reaches esbuild.
const SOURCE_BUNDLER = './bundle-from-source.ts'

async function fromSource(path: string): Promise<string> {
  const { bundleFromSource } = (await import(SOURCE_BUNDLER)) as { bundleFromSource(path: string): Promise<string> }
  return bundleFromSource(path)
}
