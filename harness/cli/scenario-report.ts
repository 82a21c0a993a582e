/**
 * Which drivers ran a scenario: one; both (node and browser) with their sequences compared; react-native (the browser
 * driver's React Native host, compared with its web host); all three.
 */
export type DriverChoice = 'node' | 'browser' | 'both' | 'react-native' | 'all'

/** How a report names the drivers of a run: `node driver`, `both drivers`, `react-native host` … */
export const driverLabel = (driver: DriverChoice) =>
  driver === 'react-native'
    ? 'react-native host'
    : `${driver} driver${driver === 'both' || driver === 'all' ? 's' : ''}`

/** The outcome of one scenario (under one driver, or both). */
export interface ScenarioResult {
  id: string
  file: string
  title: string
  tags: string[]
  status: 'passed' | 'failed' | 'skipped'
  /** Why the scenario, or its run under one host, was skipped (a React Native exclusion tag's reason). */
  skipped?: string
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
const indent = (text: string, by: string) =>
  text
    .split('\n')
    .map((line) => `${by}${line}`)
    .join('\n')

/** One line per scenario as it finishes (`✓`/`✗`, id, title, tags, time), its failures indented below. */
export function listLine(result: ScenarioResult): string {
  const mark = result.status === 'passed' ? '✓' : result.status === 'skipped' ? '-' : '✗'
  const head = `${mark} ${result.id}  ${result.title}${result.tags.length ? `  ${tagsOf(result.tags)}` : ''}  (${Math.round(result.durationMs)} ms)${result.skipped ? `\n      skipped under the react-native host: ${result.skipped}` : ''}`
  return result.failures.length === 0
    ? `  ${head}`
    : `  ${head}\n${result.failures.map((failure) => indent(failure, '      ')).join('\n\n')}`
}

const count = (report: RunReport, status: ScenarioResult['status']) =>
  report.results.filter((result) => result.status === status).length

/** The closing line: how many passed, failed (and were skipped), and how long it took. */
export function summaryLine(report: RunReport): string {
  const [failed, skipped] = [count(report, 'failed'), count(report, 'skipped')]
  const total = report.results.length
  return `${total} scenario${total === 1 ? '' : 's'} (${driverLabel(report.driver)}): ${total - failed - skipped} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${(report.durationMs / 1000).toFixed(1)} s)`
}

// XML 1.0 allows no control characters but tab, newline and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it removes
const NOT_IN_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g
const xml = (text: string) =>
  text
    .replace(NOT_IN_XML, '')
    .replace(/[&<>"']/g, (char) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[char]};`)
const seconds = (ms: number) => (ms / 1000).toFixed(3)

/**
 * The run as JUnit XML: one `testsuite` (the driver), one `testcase` per scenario (classname: its id; name: title and
 * tags), a `failure` with every message of a failed one.
 *
 * @example
 * writeFileSync('reports/scenarios.xml', junitReport(report))
 */
export function junitReport(report: RunReport): string {
  const [failed, skipped] = [count(report, 'failed'), count(report, 'skipped')]
  const total = report.results.length
  const suite = driverLabel(report.driver)
  const cases = report.results.map((result) => {
    const open = `    <testcase classname="${xml(result.id)}" name="${xml(`${result.title} ${tagsOf(result.tags)}`.trim())}" file="${xml(result.file)}" time="${seconds(result.durationMs)}"`
    if (result.status === 'passed') return `${open}/>`
    if (result.status === 'skipped')
      return `${open}>\n      <skipped message="${xml(result.skipped ?? 'skipped')}"/>\n    </testcase>`
    const message = xml(result.failures[0]?.split('\n')[0] ?? 'failed')
    return `${open}>\n      <failure message="${message}" type="ScenarioFailure">${xml(result.failures.join('\n\n'))}</failure>\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="ramp-sandbox scenarios" tests="${total}" failures="${failed}" errors="0" time="${seconds(report.durationMs)}">`,
    `  <testsuite name="${xml(suite)}" tests="${total}" failures="${failed}" errors="0" skipped="${skipped}" time="${seconds(report.durationMs)}">`,
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
  const [failed, skipped] = [count(report, 'failed'), count(report, 'skipped')]
  return `${JSON.stringify(
    {
      driver: report.driver,
      seed: report.seed,
      grep: report.grep,
      shard: report.shard,
      total: report.results.length,
      passed: report.results.length - failed - skipped,
      failed,
      skipped,
      durationMs: Math.round(report.durationMs),
      scenarios: report.results.map((result) => ({ ...result, durationMs: Math.round(result.durationMs) })),
    },
    null,
    2,
  )}\n`
}
