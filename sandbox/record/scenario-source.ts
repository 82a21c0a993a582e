import type { RecordedScenario } from './record-scenario.ts'

/** Where a recorded scenario imports the DSL from: the package, as a partner's own scenario files do. */
const HARNESS_IMPORT = 'ramp-sandbox/harness'

const quote = (text: string) => `'${JSON.stringify(text).slice(1, -1).replace(/\\"/g, '"').replace(/'/g, "\\'")}'`
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name))
const isRef = (value: unknown): value is { $ref: string } =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  Object.keys(value).length === 1 &&
  typeof (value as { $ref?: unknown }).$ref === 'string'

/** A value as source on one line: `ref('a.b')` for references, bare keys where they can be. */
function inline(value: unknown): string {
  if (isRef(value)) return `ref(${quote(value.$ref)})`
  if (typeof value === 'string') return quote(value)
  if (value === undefined) return 'undefined'
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`
  const entries = Object.entries(value)
  return entries.length === 0
    ? '{}'
    : `{ ${entries.map(([name, child]) => `${key(name)}: ${inline(child)}`).join(', ')} }`
}

/** Whether a value holds a reference anywhere. */
const usesRef = (value: unknown): boolean =>
  isRef(value) || (value !== null && typeof value === 'object' && Object.values(value).some(usesRef))

/**
 * The text of a scenario file for a recorded scenario: `import { defineScenario } from 'ramp-sandbox/harness'` (and
 * `ref` when a step uses one), the notes as its comment, one step per line, one expected event per line. Valid
 * TypeScript and JavaScript alike, so it may be saved as `.scenario.ts` or `.scenario.mjs`.
 *
 * @example
 * writeFileSync('scenarios/recorded/card-buy.scenario.ts', scenarioSource(recordScenario(journal, { title: 'card buy' })))
 */
export function scenarioSource(recorded: RecordedScenario): string {
  const names = usesRef(recorded.steps) ? 'defineScenario, ref' : 'defineScenario'
  const comment = [
    'Recorded with `ramp-sandbox record`; run it with `npx ramp-sandbox scenarios <this file> --driver both`.',
    ...recorded.notes,
  ]
  const responses = Object.entries(recorded.expect.responses)
  const channels = Object.entries(recorded.expect.channels)
  const lines = [
    `import { ${names} } from '${HARNESS_IMPORT}'`,
    '',
    '/**',
    ...comment.flatMap((note) => note.split('\n')).map((line) => ` * ${line.replace(/\*\//g, '*\\/')}`),
    ' */',
    'export default defineScenario({',
    `  title: ${quote(recorded.title)},`,
    `  tags: ${inline(recorded.tags)},`,
    ...(recorded.seed === undefined ? [] : [`  seed: ${recorded.seed},`]),
    ...(recorded.mode === undefined ? [] : [`  mode: ${quote(recorded.mode)},`]),
    '  steps: [',
    ...recorded.steps.map((step) => `    ${inline(step)},`),
    '  ],',
    '  expect: {',
    ...(responses.length === 0
      ? []
      : [
          '    responses: {',
          ...responses.map(([name, expected]) => `      ${key(name)}: ${inline(expected)},`),
          '    },',
        ]),
    '    channels: {',
    ...channels.flatMap(([name, { mode, events }]) => [
      `      ${key(name)}: {`,
      `        mode: ${quote(mode)},`,
      '        events: [',
      ...events.map((event) => `          ${inline(event)},`),
      '        ],',
      '      },',
    ]),
    '    },',
    ...(recorded.expect.webhooks === undefined
      ? []
      : [
          '    webhooks: {',
          `      mode: ${quote(recorded.expect.webhooks.mode)},`,
          '      events: [',
          ...recorded.expect.webhooks.events.map((event) => `        ${inline(event)},`),
          '      ],',
          '    },',
        ]),
    '  },',
    '})',
    '',
  ]
  return lines.join('\n')
}
