import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

// The browser bundles the servers hand out: the frames origin, the demo and the node adapter use them alike, so no
// adapter owns them.

/** The browser entries the servers hand out, relative to `sandbox/browser/`: the frame page, the client, the demo page. */
export const BROWSER_ENTRIES = ['frame-page/frame-app.ts', 'client/index.ts', 'demo-page/demo-app.ts'] as const

/** One entry of `BROWSER_ENTRIES`. */
type BrowserEntry = (typeof BROWSER_ENTRIES)[number]

/** How the build names a bundle's precompressed copies beside it: `<bundle>.js.gz`, `<bundle>.js.br`. */
export const COMPRESSED_SUFFIXES = { gzip: '.gz', br: '.br' } as const

/**
 * A bundle as the servers send it (decision 0092): its minified bytes, the same compressed with gzip and brotli
 * (made once, at build or on first use), and a strong entity tag of the bytes, the same for every process serving
 * the same build.
 */
export interface BrowserBundle {
  identity: Uint8Array
  gzip: Uint8Array
  br: Uint8Array
  /** A hash of `identity` (base64url), without quotes: each encoding's `ETag` is made from it. */
  hash: string
}

/**
 * Where the build writes an entry's bundle, relative to the package root:
 * `dist/browser/<entry>.js` (e.g. `dist/browser/client/index.js`), its compressed copies beside it.
 *
 * @example
 * prebuiltPath('client/index.ts') // 'dist/browser/client/index.js'
 */
export function prebuiltPath(entry: BrowserEntry): string {
  return `dist/browser/${entry.replace(/\.ts$/, '.js')}`
}

const bundles = new Map<string, Promise<BrowserBundle>>()

/**
 * A browser entry's bundle, once per process. Built output (`dist/`) reads the
 * files the build made, so the shipped runtime needs neither esbuild nor tsx
 * nor compresses anything; the sources (vitest, tsx) bundle with esbuild, a
 * devDependency, and compress off the event loop, so a test always serves what
 * the sources say (decision 0030).
 *
 * @example
 * const { identity, gzip, br, hash } = await browserBundle('client/index.ts')
 */
export function browserBundle(entry: BrowserEntry): Promise<BrowserBundle> {
  let bundle = bundles.get(entry)
  if (!bundle) {
    // In the sources this module sits at sandbox/bundles/.
    const forms = import.meta.url.endsWith('.ts')
      ? fromSource(fileURLToPath(new URL(`../browser/${entry}`, import.meta.url)))
      : Promise.resolve(entry).then(readPrebuilt)
    bundle = forms.then((read) => ({
      ...read,
      hash: createHash('sha256').update(read.identity).digest('base64url').slice(0, 32),
    }))
    bundles.set(entry, bundle)
  }
  return bundle
}

async function readPrebuilt(entry: BrowserEntry): Promise<Omit<BrowserBundle, 'hash'>> {
  const file = prebuiltFile(entry)
  const [identity, gzip, br] = await Promise.all([
    readFile(file),
    readFile(file + COMPRESSED_SUFFIXES.gzip),
    readFile(file + COMPRESSED_SUFFIXES.br),
  ])
  return { identity, gzip, br }
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

async function fromSource(path: string): Promise<Omit<BrowserBundle, 'hash'>> {
  const { bundleFromSource } = (await import(SOURCE_BUNDLER)) as {
    bundleFromSource(path: string): Promise<Omit<BrowserBundle, 'hash'>>
  }
  return bundleFromSource(path)
}
