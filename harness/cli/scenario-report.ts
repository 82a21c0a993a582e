/** Which drivers ran a scenario: one, or both with their sequences compared. */
export type DriverChoice = 'node' | 'browser' | 'both'

/** The outcome of one scenario (under one driver, or both). */
export interface ScenarioResult {
  id: string
  file: string
  title: string
  tags: string[]
  status: 'passed' | 'failed'
  durationMs: number
  /** Readable failures: unmet expectations with their diff, a driver's error, the drivers' disagreement. */
  failures: string[]
}

/** A whole run, as the reporters print it. */
export interface RunReport {
  driver: DriverChoice
  seed?: number
  grep?: string
  shard?: string
  durationMs: number
  results: ScenarioResult[]
}

const tagsOf = (tags: string[]) => tags.map((tag) => `@${tag}`).join(' ')
const indent = (text: string, by: string) => text.split('\n').map((line) => `${by}${line}`).join('\n')

/** One line per scenario as it finishes (`✓`/`✗`, id, title, tags, time), its failures indented below. */
export function listLine(result: ScenarioResult): string {
  const head = `${result.status === 'passed' ? '✓' : '✗'} ${result.id}  ${result.title}${result.tags.length ? `  ${tagsOf(result.tags)}` : ''}  (${Math.round(result.durationMs)} ms)`
  return result.failures.length === 0 ? `  ${head}` : `  ${head}\n${result.failures.map((failure) => indent(failure, '      ')).join('\n\n')}`
}

/** The closing line: how many passed and failed, and how long it took. */
export function summaryLine(report: RunReport): string {
  const failed = report.results.filter((result) => result.status === 'failed').length
  const total = report.results.length
  return `${total} scenario${total === 1 ? '' : 's'} (${report.driver} driver${report.driver === 'both' ? 's' : ''}): ${total - failed} passed, ${failed} failed (${(report.durationMs / 1000).toFixed(1)} s)`
}

// XML 1.0 allows no control characters but tab, newline and carriage return.
const xml = (text: string) =>
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '').replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`)
const seconds = (ms: number) => (ms / 1000).toFixed(3)

/**
 * The run as JUnit XML: one `testsuite` (the driver), one `testcase` per scenario (classname: its id; name: title and
 * tags), a `failure` with every message of a failed one.
 *
 * @example
 * writeFileSync('reports/scenarios.xml', junitReport(report))
 */
export function junitReport(report: RunReport): string {
  const failed = report.results.filter((result) => result.status === 'failed').length
  const total = report.results.length
  const suite = `${report.driver} driver${report.driver === 'both' ? 's' : ''}`
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="${xml(result.id)}" name="${xml(`${result.title} ${tagsOf(result.tags)}`.trim())}" file="${xml(result.file)}" time="${seconds(result.durationMs)}"`
    if (result.status === 'passed') return `${open}/>`
    const message = xml(result.failures[0]?.split('\n')[0] ?? 'failed')
    return `${open}>\n      <failure message="${message}" type="ScenarioFailure">${xml(result.failures.join('\n\n'))}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="ramp-sandbox scenarios" tests="${total}" failures="${failed}" errors="0" time="${seconds(report.durationMs)}">`,
    `  <testsuite name="${xml(suite)}" tests="${total}" failures="${failed}" errors="0" skipped="0" time="${seconds(report.durationMs)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}

/**
 * The run as JSON: the options, the counts, and per scenario its id, file, title, tags, status, time and failures.
 *
 * @example
 * JSON.parse(jsonReport(report)).failed // 1
 */
export function jsonReport(report: RunReport): string {
  const failed = report.results.filter((result) => result.status === 'failed').length
  return `${JSON.stringify(
    {
      driver: report.driver,
      seed: report.seed,
      grep: report.grep,
      shard: report.shard,
      total: report.results.length,
      passed: report.results.length - failed,
      failed,
      durationMs: Math.round(report.durationMs),
      scenarios: report.results.map((result) => ({ ...result, durationMs: Math.round(result.durationMs) })),
    },
    null,
    2,
  )}\n`
}
