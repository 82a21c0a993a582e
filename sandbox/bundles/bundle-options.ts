import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { BuildOptions, Plugin } from 'esbuild'

// What makes a browser bundle: used by the build (`scripts/build.ts`) and by the sources' path (`bundle-from-source.ts`),
// never by the shipped runtime, which reads the files the build wrote (so this module may import esbuild's types and
// name `.ts` files; tsconfig.build.json leaves it out).

/**
 * zod re-exports all its ~45 locales as `z.locales` (~400 KB, compiled wherever zod loads); its messages use English,
 * registered on its own. Nothing here sets another locale: a bundle gets a `locales` holding English alone
 * (`z.locales.en`). The library build (tsc) leaves zod as it is. Used by the CLI's bundle and the browser bundles.
 */
export const zodEnglishOnly: Plugin = {
  name: 'zod-english-only',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](core|classic)[\\/]/.test(args.importer)
        ? { path: join(dirname(args.importer), '../locales/index.js'), namespace: 'zod-english-only' }
        : undefined,
    )
    build.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(join(dirname(args.path), 'en.js'))}\n`,
      resolveDir: dirname(args.path),
    }))
  },
}

/**
 * esbuild's options for every browser bundle (decision 0092): minified (names of errors the pages throw are set by
 * hand, and their messages stay whole), zod's English locale alone, and `zod-jitless.ts` injected, so it runs before
 * any module of the bundle builds a schema: zod never probes `new Function` under the frames' CSP.
 */
export const BUNDLE_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'chrome120',
  legalComments: 'none',
  minify: true,
  plugins: [zodEnglishOnly],
  inject: [fileURLToPath(new URL('./zod-jitless.ts', import.meta.url))],
} as const satisfies BuildOptions

/** A bundle's text compressed the two ways browsers accept (done once: at build, or once per process from the sources). */
interface CompressedBundle {
  gzip: Uint8Array
  br: Uint8Array
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

/**
 * How hard to compress: `'build'`, once per package build, at the highest levels (gzip 9, brotli 11: ~3 s for a
 * frame page's bundle, worth it for every load after); `'fast'`, once per process running from the sources (tests,
 * tsx), at levels that take tens of milliseconds (gzip 6, brotli 5), so a test's first page load does not wait on
 * brotli's slowest level.
 */
type CompressionEffort = 'build' | 'fast'

/**
 * Compresses a bundle with gzip and brotli (text mode) on libuv's thread pool: the event loop never waits on it.
 *
 * @example
 * const { gzip, br } = await compressBundle(new TextEncoder().encode(text), 'build')
 */
export async function compressBundle(bytes: Uint8Array, effort: CompressionEffort): Promise<CompressedBundle> {
  const [zipped, brotli] = await Promise.all([
    gzipAsync(bytes, { level: effort === 'build' ? 9 : 6 }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: effort === 'build' ? 11 : 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ])
  return { gzip: new Uint8Array(zipped), br: new Uint8Array(brotli) }
}
