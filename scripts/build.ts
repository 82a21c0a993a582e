/**
 * `npm run build`: the package's `dist/` from the sources (decision 0030).
 *
 * 1. TypeScript with `tsconfig.build.json`: ESM JavaScript and `.d.ts` for `sandbox/`, `fixtures/`, `harness/` (no
 *    tests; `sandbox/react-native/` in a second pass, `tsconfig.build-react-native.json`; relative imports in the
 *    declarations end in `.js`, like the JavaScript's; `#room/x.ts` subpath imports, which tsc leaves as written,
 *    become relative `.js` paths in both, so the package needs no "imports" of its own: decision 0097);
 * 2. esbuild: the browser bundles the servers hand out (frame page, client, demo page) into `dist/browser/`, minified,
 *    each with its gzip and brotli copies beside it (`.js.gz`, `.js.br`: decision 0092);
 * 3. esbuild: the command line, `dist/sandbox/cli.js`, as one file with its dependencies: loading ~250
 *    modules one by one cost a third of its start-up time (decision 0030; `npm run bench`, start-up row); what it
 *    imports only on first use in chunks beside it (`dist/sandbox/cli-*.js`), and zod with its English locale alone
 *    (`zodEnglishOnly`, sandbox/bundles/bundle-options.ts);
 * 4. `dist/.built`, written last: `scripts/start.js` rebuilds when it is missing or older than a source.
 *
 * All of it is written into a fresh directory beside `dist/` and swapped in by two renames at the end, so a
 * process loading the package from `dist/` meanwhile (a server, a test) never finds it half-built or gone, and
 * a failed build leaves the previous `dist/` as it was (decision 0048).
 *
 * Quiet on success; compiler errors go to stderr and exit non-zero.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import ts from 'typescript'
import { BROWSER_ENTRIES, COMPRESSED_SUFFIXES, prebuiltPath } from '#bundles/browser-bundle.ts'
import { BUNDLE_OPTIONS, compressBundle, zodEnglishOnly } from '#bundles/bundle-options.ts'
import { rewriteSubpathSpecifiers, roomOfSpecifier, subpathSpecifiersIn } from './subpath-specifiers.ts'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const dist = join(root, 'dist')
// Beside dist/ (one file system, so the renames are atomic); git- and docker-ignored, never packed.
const staging = join(root, `.dist-staging-${process.pid}`)
const retired = join(root, `.dist-retired-${process.pid}`)

/** Removes staging and retired trees of builds that were killed before they could clean up (their process is gone). */
function removeLeftovers(): void {
  for (const name of readdirSync(root)) {
    const pid = /^\.dist-(?:staging|retired)-(\d+)$/.exec(name)?.[1]
    if (pid !== undefined && (Number(pid) === process.pid || !isRunning(Number(pid))))
      rmSync(join(root, name), { recursive: true, force: true })
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Ends the build with a message, removing what it had written so far. */
function fail(message: string): never {
  rmSync(staging, { recursive: true, force: true })
  process.stderr.write(`build: ${message}\n`)
  process.exit(1)
}

/**
 * What tsc would print compiling `config` into `outDir`, emitting all the same; empty when it compiled cleanly.
 * One diagnostic is not a fault here: TS2877, that a `#room/x.ts` import "will not be rewritten during emit"
 * (`rewriteRelativeImportExtensions` rewrites relative ones only): the step below rewrites those.
 */
function compile(config: string, outDir: string): string {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    { outDir },
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  )!
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences ?? [],
  })
  const emitted = program.emit()
  // The checker also reports one TS2877 with no file (over a node it made itself): the loop below still fails the
  // build on any `#room/` specifier left, and relative imports are never TS2877's.
  const rewrittenLater = (diagnostic: ts.Diagnostic) =>
    diagnostic.code === 2877 &&
    (diagnostic.file === undefined ||
      roomOfSpecifier(diagnostic.file.text.slice(diagnostic.start! + 1, diagnostic.start! + diagnostic.length!)) !==
        undefined)
  const diagnostics = [...parsed.errors, ...ts.getPreEmitDiagnostics(program), ...emitted.diagnostics].filter(
    (diagnostic) => !rewrittenLater(diagnostic),
  )
  return diagnostics.length === 0
    ? ''
    : ts.formatDiagnosticsWithColorAndContext(diagnostics, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => root,
        getNewLine: () => '\n',
      })
}

removeLeftovers()
const compiled = compile(join(root, 'tsconfig.build.json'), staging)
if (compiled !== '') fail(`tsc failed:\n${compiled}`)
// `ramp-sandbox/react-native` on its own: react-native's types declare timer globals node's code would trip on.
const compiledReactNative = compile(join(root, 'tsconfig.build-react-native.json'), staging)
if (compiledReactNative !== '') fail(`tsc failed for sandbox/react-native:\n${compiledReactNative}`)
// tsc keeps the sources' `.ts` in the declarations' relative imports (TypeScript 5 resolves them);
// `.js`, as in the JavaScript beside them, also suits older compilers and other tools. `#room/…` imports it keeps
// in both: relative `.js` paths instead, as the package ships no sources for package.json "imports" to name.
for (const file of readdirSync(staging, { recursive: true, encoding: 'utf8' }).filter((name) =>
  /\.(d\.ts|js)$/.test(name),
)) {
  const path = join(staging, file)
  const text = readFileSync(path, 'utf8')
  let rewritten = rewriteSubpathSpecifiers(text, file.split('\\').join('/'))
  if (file.endsWith('.d.ts'))
    rewritten = rewritten.replace(/((?:from|import)\s*\(?\s*)(['"])(\.\.?\/[^'"]+)\.ts\2/g, '$1$2$3.js$2')
  const left = subpathSpecifiersIn(rewritten)
  if (left.length > 0) fail(`${file} still imports ${left.join(', ')}`)
  if (rewritten !== text) writeFileSync(path, rewritten)
}
/** Where a file the package has at `dist/<path>` is written during the build. */
const staged = (distPath: string) => join(staging, distPath.replace(/^dist\//, ''))
try {
  await Promise.all(
    BROWSER_ENTRIES.map(async (entry) => {
      const outfile = staged(prebuiltPath(entry))
      mkdirSync(dirname(outfile), { recursive: true })
      const result = await build({
        ...BUNDLE_OPTIONS,
        entryPoints: [join(root, 'sandbox/browser', entry)],
        outfile,
        logLevel: 'warning',
        write: false,
      })
      // Compressed here, once: a server sends these files as they are (decision 0092).
      const bundle = result.outputFiles[0]!.contents
      const { gzip, br } = await compressBundle(bundle, 'build')
      await Promise.all([
        writeFile(outfile, bundle),
        writeFile(outfile + COMPRESSED_SUFFIXES.gzip, gzip),
        writeFile(outfile + COMPRESSED_SUFFIXES.br, br),
      ])
    }),
  )
  await build({
    entryPoints: { cli: join(root, 'sandbox/cli.ts') },
    outdir: staged('dist/sandbox'),
    // What the CLI imports only on first use (the tenant store with @msw/data, the tenant seed with faker's English
    // data, the recorder) goes to chunks beside it, loaded then: start-up compiles only what it runs.
    splitting: true,
    chunkNames: 'cli-[hash]',
    plugins: [zodEnglishOnly],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    legalComments: 'eof',
    logLevel: 'warning',
  })
} catch (error) {
  fail(`esbuild failed: ${(error as Error).message}`)
}
writeFileSync(join(staging, '.built'), `${new Date().toISOString()}\n`)
swapIn()

/**
 * The old dist/ steps aside and the new one takes its name, one rename each: a reader finds the old tree or the
 * new one, never a partial one (for the instant between the two renames, none). When another build swapped its
 * own in meanwhile, that one stays: it was built from the same sources.
 */
function swapIn(): void {
  rmSync(retired, { recursive: true, force: true })
  try {
    renameSync(dist, retired)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      fail(`could not move the old dist/ aside: ${(error as Error).message}`)
  }
  try {
    renameSync(staging, dist)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST')
      fail(`could not move the new dist/ in place: ${(error as Error).message}`)
    rmSync(staging, { recursive: true, force: true })
  }
  rmSync(retired, { recursive: true, force: true })
}
