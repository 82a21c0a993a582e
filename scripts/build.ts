/**
 * `npm run build`: the package's `dist/` from the sources (decision 0030).
 *
 * 1. `tsc -p tsconfig.build.json`: ESM JavaScript and `.d.ts` for `sandbox/`, `fixtures/`, `harness/` (no tests;
 *    relative imports in the declarations end in `.js`, like the JavaScript's);
 * 2. esbuild: the browser bundles the servers hand out (frame page, client, demo page) into `dist/browser/`;
 * 3. esbuild: the command line, `dist/sandbox/cli.js`, as one file with its dependencies: loading ~250
 *    modules one by one cost a third of its start-up time (decision 0030; `npm run bench`, start-up row);
 * 4. `dist/.built`, written last: `scripts/start.js` rebuilds when it is missing or older than a source.
 *
 * Quiet on success; compiler errors go to stderr and exit non-zero.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { BROWSER_ENTRIES, BUNDLE_OPTIONS, prebuiltPath } from '../sandbox/adapters/node-http/browser-bundle.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')

rmSync(dist, { recursive: true, force: true })
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: ['ignore', 2, 2] })
if (compiled.status !== 0) {
  process.stderr.write('build: tsc failed (see above)\n')
  process.exit(1)
}
// tsc keeps the sources' `.ts` in the declarations' relative imports (TypeScript 5 resolves them);
// `.js`, as in the JavaScript beside them, also suits older compilers and other tools.
for (const file of readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.d.ts'))) {
  const path = join(dist, file)
  const text = readFileSync(path, 'utf8')
  const rewritten = text.replace(/((?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"]+)\.ts\2/g, '$1$2$3.js$2')
  if (rewritten !== text) writeFileSync(path, rewritten)
}
await Promise.all(
  BROWSER_ENTRIES.map(async (entry) => {
    const outfile = join(root, prebuiltPath(entry))
    mkdirSync(dirname(outfile), { recursive: true })
    await build({ ...BUNDLE_OPTIONS, entryPoints: [join(root, 'sandbox', entry)], outfile, logLevel: 'warning' })
  }),
)
await build({
  entryPoints: [join(root, 'sandbox/cli.ts')],
  outfile: join(dist, 'sandbox/cli.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'eof',
  logLevel: 'warning',
})
writeFileSync(join(dist, '.built'), `${new Date().toISOString()}\n`)
