import { build } from 'esbuild'
import { BUNDLE_OPTIONS, compressBundle } from './bundle-options.ts'

/**
 * Bundles a browser entry with esbuild as the build does, and compresses it, for code running from the sources
 * (tests, tsx scripts), at levels that take milliseconds. Not part of the build: the package serves prebuilt bundles,
 * compressed at the highest levels.
 *
 * @example
 * const { identity, gzip, br } = await bundleFromSource('/repo/sandbox/browser/client/index.ts')
 */
export async function bundleFromSource(
  path: string,
): Promise<{ identity: Uint8Array; gzip: Uint8Array; br: Uint8Array }> {
  const result = await build({ ...BUNDLE_OPTIONS, entryPoints: [path], write: false })
  const identity = result.outputFiles[0]!.contents
  return { identity, ...(await compressBundle(identity, 'fast')) }
}
