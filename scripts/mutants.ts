// `npm run mutants [-- --only <name>]`: breaks the code on purpose, one named mutation at a time (scripts/mutants/
// catalog.ts), in a scratch worktree of HEAD, and checks that a test catches each (issue 16: "each mutation makes at
// least one test fail"). The checkout itself is never touched. Exits 1, naming it, when a mutation survives, no longer
// applies (its code is gone or no longer unique) or names a test file that does not exist.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { MUTANTS } from './mutants/catalog.ts'
import { locateMutant, mutatedText, readSources } from './mutants/locate-mutant.ts'

const { values } = parseArgs({ options: { only: { type: 'string' } } })
const chosen = MUTANTS.filter((mutant) => values.only === undefined || mutant.name.includes(values.only))
const repo = join(dirname(fileURLToPath(import.meta.url)), '..')
const scratch = mkdtempSync(join(tmpdir(), 'ramp-sandbox-mutants-'))
const tree = join(scratch, 'tree')

/** Names of the tests vitest's JSON report says failed. */
function failedTests(reportFile: string): string[] {
  if (!existsSync(reportFile)) return []
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
    testResults: Array<{ assertionResults: Array<{ status: string; fullName: string }> }>
  }
  return report.testResults.flatMap((file) =>
    file.assertionResults.filter((test) => test.status === 'failed').map((test) => test.fullName),
  )
}

let survivors = 0
try {
  execFileSync('git', ['worktree', 'add', '--detach', tree, 'HEAD'], { cwd: repo, stdio: 'ignore' })
  symlinkSync(join(repo, 'node_modules'), join(tree, 'node_modules'), 'dir')
  // dist/ once, for tests that load the package; a mutant's edit must not make vitest's global setup rebuild it.
  execFileSync(process.execPath, ['scripts/ensure-built.js'], { cwd: tree, stdio: 'inherit' })
  const fresh = () => utimesSync(join(tree, 'dist/.built'), new Date(), new Date(Date.now() + 86_400_000))
  // Each mutant's file is written back as it was before the next one is located.
  const sources = readSources(tree)
  for (const mutant of chosen) {
    const located = locateMutant(sources, mutant)
    const missingTests = mutant.tests.filter((test) => !existsSync(join(tree, test)))
    if ('problem' in located || missingTests.length > 0) {
      console.log(
        `✗ ${mutant.name}: no longer applies (${'problem' in located ? located.problem : `no test file ${missingTests.join(', ')}`})`,
      )
      survivors++
      continue
    }
    const path = join(tree, located.site.file)
    const original = sources.get(located.site.file)!
    writeFileSync(path, mutatedText(original, located.site, mutant))
    fresh()
    const reportFile = join(scratch, 'report.json')
    rmSync(reportFile, { force: true })
    const run = spawnSync(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', ...mutant.tests, '--reporter=json', `--outputFile=${reportFile}`],
      { cwd: tree, stdio: 'ignore' },
    )
    writeFileSync(path, original)
    const caught = failedTests(reportFile)
    if (run.status === 0 || caught.length === 0) {
      survivors++
      console.log(`✗ ${mutant.name}: survived ${mutant.tests.join(', ')}`)
    } else {
      console.log(
        `✓ ${mutant.name} (${located.site.file}): caught by ${caught.length} test${caught.length === 1 ? '' : 's'}, e.g. "${caught[0]}"`,
      )
    }
  }
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: repo, stdio: 'ignore' })
  rmSync(scratch, { recursive: true, force: true })
}
console.log(`mutants: ${chosen.length - survivors} of ${chosen.length} caught`)
if (chosen.length === 0) console.log(`no mutant's name holds "${values.only}"`)
process.exitCode = survivors === 0 && chosen.length > 0 ? 0 : 1
