import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runScenariosCommand } from './scenarios-command.ts'

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..')
let app: string

/** A partner's project: the package installed (a link to this repository), and scenario files of its own. */
function partnerApp(): string {
  const dir = mkdtempSync(join(tmpdir(), 'ramp-scenarios-'))
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'partner-app', type: 'module', private: true }))
  mkdirSync(join(dir, 'node_modules'))
  symlinkSync(repo, join(dir, 'node_modules', 'ramp-sandbox'), 'dir')
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  write(
    'scenarios/checkout/mismatch.scenario.ts',
    `import { defineScenario, ref } from 'ramp-sandbox/harness'

export default defineScenario({
  title: 'email and phone of two customers flag mismatch',
  tags: ['connect', 'smoke'],
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'u1', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+447700900104' } },
    { open: 'check', channel: 'check', params: { sessionToken: ref('session.sessionToken'), publicKey: 'a'.repeat(64) } },
  ],
  expect: { channels: { check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'connectionRequired', mismatch: true } }] } } },
})
`,
  )
  // Plain JavaScript, no import at all: a scenario is data (and without tags, which are optional).
  write(
    'scenarios/checkout/wrong-status.scenario.mjs',
    `export default {
  title: 'a known customer is expected pending (wrong on purpose)',
  steps: [
    { server: 'createSession', as: 'session', body: { externalCustomerId: 'u2', deviceIp: '203.0.113.7', email: 'active.us-ny@sandbox.test', phoneNumber: '+12125550101' } },
    { open: 'check', channel: 'check', params: { sessionToken: { $ref: 'session.sessionToken' }, publicKey: 'a'.repeat(64) } },
  ],
  expect: { channels: { check: { events: [{ kind: 'handshake' }, { kind: 'complete', payload: { status: 'pending' } }] } } },
}
`,
  )
  write(
    'scenarios/sell/quote.scenario.mjs',
    `export default {
  title: 'a sell quote answers 200',
  tags: ['sell-quote', 'smoke'],
  steps: [{ api: 'GET /v3/currencies/eth/sell_quote?apiKey={pk}&quoteCurrencyCode=usd&baseCurrencyAmount=0.5', as: 'quote', headers: {} }],
  expect: { responses: { quote: { status: 200 } } },
}
`,
  )
  return dir
}

/** Runs the command in `app`, capturing both streams. */
async function scenarios(...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runScenariosCommand(argv, {
    cwd: app,
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
  })
  return { code, stdout, stderr }
}

/** The scenario ids a JSON report says ran, with their status. */
async function ran(...argv: string[]): Promise<Record<string, string>> {
  const { stdout } = await scenarios(...argv, '--reporter', 'json')
  return Object.fromEntries(
    (JSON.parse(stdout) as { scenarios: Array<{ id: string; status: string }> }).scenarios.map((s) => [s.id, s.status]),
  )
}

/** A minimal XML reader: elements with attributes and text, nested; throws on a tag that does not close in order. */
function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#root', attributes: {}, children: [], text: '' }
  const stack = [root]
  const body = text.replace(/^<\?xml[^>]*\?>\s*/, '')
  for (const [, close, name, attributes, selfClosing, chars] of body.matchAll(
    /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g,
  )) {
    if (chars !== undefined) {
      if (/[<&](?!amp;|lt;|gt;|quot;|apos;)/.test(chars)) throw new Error(`unescaped text: ${chars}`)
      stack.at(-1)!.text += chars
    } else if (close) {
      if (stack.pop()!.name !== name) throw new Error(`</${name}> closes another element`)
    } else {
      const element: XmlElement = {
        name: name!,
        attributes: Object.fromEntries([...attributes!.matchAll(/([\w:.-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!])),
        children: [],
        text: '',
      }
      stack.at(-1)!.children.push(element)
      if (!selfClosing) stack.push(element)
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> is not closed`)
  return root.children[0]!
}
interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: XmlElement[]
  text: string
}

beforeAll(() => {
  app = partnerApp()
})
afterAll(() => {
  rmSync(app, { recursive: true, force: true })
})

describe('ramp-sandbox scenarios', () => {
  it('exits 1 when a scenario fails, naming it and showing the diff', async () => {
    const { code, stdout } = await scenarios('--driver', 'node')
    expect(code).toBe(1)
    expect(stdout).toMatch(/✓ scenarios\/checkout\/mismatch {2}email and phone of two customers flag mismatch/)
    expect(stdout).toMatch(/✗ scenarios\/checkout\/wrong-status {2}a known customer is expected pending/)
    expect(stdout).toContain('channel check (exact): sequences diverge at #1')
    expect(stdout).toMatch(
      /> 1 {2}\{"kind":"complete","payload":\{"status":"pending"\}\}\s+\| \{"kind":"complete","payload":\{"status":"active"/,
    )
    expect(stdout).toContain('3 scenarios (node driver): 2 passed, 1 failed')
  }, 60_000)

  it('exits 0 when every selected scenario passes', async () => {
    const { code, stdout } = await scenarios('scenarios/sell', 'scenarios/checkout/mismatch.scenario.ts')
    expect(code).toBe(0)
    expect(stdout).toContain('2 scenarios (node driver): 2 passed, 0 failed')
  }, 60_000)

  it('writes a JUnit report that parses, with a failure element for the failed scenario', async () => {
    const { code } = await scenarios('--reporter', 'junit', '--out', 'reports/scenarios.xml')
    expect(code).toBe(1)
    const suites = parseXml(readFileSync(join(app, 'reports/scenarios.xml'), 'utf8'))
    expect(suites.attributes).toMatchObject({ tests: '3', failures: '1' })
    const cases = suites.children[0]!.children
    expect(cases.map((c) => c.attributes.classname)).toEqual([
      'scenarios/checkout/mismatch',
      'scenarios/checkout/wrong-status',
      'scenarios/sell/quote',
    ])
    const failure = cases[1]!.children[0]!
    expect(failure.name).toBe('failure')
    expect(failure.text).toContain('sequences diverge at #1')
    expect(cases[0]!.children).toEqual([])
  }, 60_000)

  it('runs only the scenarios whose title or tags match --grep', async () => {
    expect(await ran('--grep', '@smoke')).toEqual({
      'scenarios/checkout/mismatch': 'passed',
      'scenarios/sell/quote': 'passed',
    })
    expect(await ran('--grep', 'pending')).toEqual({ 'scenarios/checkout/wrong-status': 'failed' })
  }, 60_000)

  it('loads a scenario without tags, which a tag filter never selects and the JSON report lists with none', async () => {
    expect(await ran('--grep', '@connect')).toEqual({ 'scenarios/checkout/mismatch': 'passed' })
    const { stdout } = await scenarios('scenarios/checkout/wrong-status.scenario.mjs', '--reporter', 'json')
    expect(
      (JSON.parse(stdout) as { scenarios: Array<{ id: string; tags: string[] }> }).scenarios.map(({ id, tags }) => ({
        id,
        tags,
      })),
    ).toEqual([{ id: 'scenarios/checkout/wrong-status', tags: [] }])
  }, 60_000)

  it('splits the selected scenarios into shards by file path, every n-th', async () => {
    expect(Object.keys(await ran('--shard', '1/2'))).toEqual(['scenarios/checkout/mismatch', 'scenarios/sell/quote'])
    expect(Object.keys(await ran('--shard', '2/2'))).toEqual(['scenarios/checkout/wrong-status'])
    expect(Object.keys(await ran('--grep', '@smoke', '--shard', '2/2'))).toEqual(['scenarios/sell/quote'])
  }, 60_000)

  it('exits 2 with the usage on a bad flag or value', async () => {
    for (const argv of [
      ['--driver', 'firefox'],
      ['--shard', '3/2'],
      ['--seed', 'x'],
      ['--grep', '('],
      ['--reporter', 'tap'],
      ['--nope'],
    ]) {
      const { code, stderr } = await scenarios(...argv)
      expect(code, argv.join(' ')).toBe(2)
      expect(stderr).toContain('Usage: ramp-sandbox scenarios')
    }
  })

  it('reports a file without a scenario as a failure naming the file and the field', async () => {
    writeFileSync(join(app, 'broken.scenario.mjs'), "export default { title: 'no steps', tags: [] }\n")
    try {
      const { code, stdout } = await scenarios('broken.scenario.mjs')
      expect(code).toBe(1)
      expect(stdout).toContain('the default export is not a scenario: steps:')
    } finally {
      rmSync(join(app, 'broken.scenario.mjs'))
    }
  })

  it('exits 1 when no file matches', async () => {
    const { code, stderr } = await scenarios('e2e/**/*.scenario.ts')
    expect(code).toBe(1)
    expect(stderr).toContain('no scenario files match e2e/**/*.scenario.ts')
  })

  it('runs a scenario in Chromium with --driver browser', async () => {
    const { code, stdout } = await scenarios('scenarios/checkout/mismatch.scenario.ts', '--driver', 'browser')
    expect(stdout).toContain('1 scenario (browser driver): 1 passed, 0 failed')
    expect(code).toBe(0)
  }, 90_000)

  it('runs a scenario under the React Native host with --driver react-native, and skips one tagged @web-host-only with the reason', async () => {
    const webOnly = join(app, 'scenarios/checkout/web-only.scenario.mjs')
    writeFileSync(
      webOnly,
      "export default { title: 'only a web host refuses it', tags: ['web-host-only'], steps: [], expect: {} }\n",
    )
    try {
      const { code, stdout } = await scenarios(
        'scenarios/checkout/mismatch.scenario.ts',
        'scenarios/checkout/web-only.scenario.mjs',
        '--driver',
        'react-native',
      )
      expect(stdout).toContain('2 scenarios (react-native host): 1 passed, 0 failed, 1 skipped')
      expect(stdout).toContain('skipped under the react-native host: @web-host-only: it tests the web origin check')
      expect(code).toBe(0)
    } finally {
      rmSync(webOnly)
    }
  }, 120_000)
})
