import { build } from 'esbuild'
import { BUNDLE_OPTIONS } from './browser-bundle.ts'

/**
 * Bundles a browser entry with esbuild, for code running from the sources
 * (tests, tsx scripts). Not part of the build: the package serves prebuilt bundles.
 *
 * @example
 * await bundleFromSource('/repo/sandbox/client/index.ts')
 */
export async function bundleFromSource(path: string): Promise<string> {
  const result = await build({ ...BUNDLE_OPTIONS, entryPoints: [path], write: false })
  return result.outputFiles[0]!.text
}
