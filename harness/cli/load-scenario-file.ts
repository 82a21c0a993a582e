import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { z } from 'zod'
import { RequestMatcher, WebhookEndpointFamily, WebhookEventType, WebhookScheme } from '#contract/index.ts'
import { STEP_KINDS, type Scenario } from '../scenario.ts'

/** Why scenario files cannot be loaded at all (not one scenario's fault): the command exits 2 with this message. */
export class LoaderMissing extends Error {}

const OneKind = z
  .record(z.string(), z.unknown())
  .refine((step) => STEP_KINDS.filter((kind) => kind in step).length === 1, {
    message: `a step has exactly one of ${STEP_KINDS.join(', ')}`,
  })

/** `{webhooks: 'listen', …}`, field by field: a field it does not know is refused. */
const ListenStep = z.strictObject({
  webhooks: z.literal('listen'),
  as: z.string().min(1, 'as must be a non-empty string'),
  family: WebhookEndpointFamily.optional(),
  events: z.array(WebhookEventType).min(1).optional(),
  scheme: WebhookScheme.optional(),
  answers: z.array(z.number().int().min(100).max(599)).optional(),
  // The switches' rules are the control API's: a bad duration fails the listen step saying so.
  duplicate: z.boolean().optional(),
  shuffleWindow: z.string().optional(),
  delay: z.string().optional(),
})

/** A step: exactly one kind; a webhooks step is checked in full. */
const Step = OneKind.superRefine((step, context) => {
  if (!('webhooks' in step)) return
  for (const issue of ListenStep.safeParse(step).error?.issues ?? [])
    context.addIssue({ code: 'custom', path: issue.path, message: issue.message })
})

/** `expect.requests`: a request matcher (the control API's rules) and a count. */
const Count = z.number().int().min(0)
const RequestExpectations = z.array(
  z.strictObject({
    match: RequestMatcher,
    times: Count.optional(),
    atLeast: Count.optional(),
    atMost: Count.optional(),
  }),
)

const SequenceMode = z.enum(['exact', 'subsequence', 'never'])

/** `expect.webhooks`: a mode, and the events by type (their payloads partial, as the sandbox's objects are). */
const WebhookExpectations = z.strictObject({
  mode: SequenceMode.optional(),
  events: z.array(z.strictObject({ type: WebhookEventType, payload: z.record(z.string(), z.unknown()).optional() })),
})

/** `expect.channels`: per channel a mode and the frame events by kind (their payloads partial). */
const ChannelExpectations = z.record(
  z.string(),
  z.strictObject({
    mode: SequenceMode.optional(),
    events: z.array(z.strictObject({ kind: z.string().min(1), payload: z.unknown().optional() })),
  }),
)

/** `expect.responses`: per `as` name a status, part of the body, the attempts' statuses. */
const ResponseExpectations = z.record(
  z.string(),
  z.strictObject({
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    attempts: z.array(z.number().int()).optional(),
  }),
)

/**
 * The shape of a scenario (harness/scenario.ts), checked before a driver runs it; steps are checked by kind only.
 * Every level of `expect` is strict: an expectation under a key no checker reads (a delivery's `status` beside its
 * `payload` instead of in it) would pass whatever the run did, so it is refused.
 */
const ScenarioShape = z.object({
  title: z.string().min(1, 'title must be a non-empty string'),
  tags: z.array(z.string()).optional(),
  seed: z.number().int().min(0).optional(),
  account: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'account must be 1 to 64 letters, digits or _')
    .optional(),
  mode: z.enum(['test', 'live']).optional(),
  steps: z.array(Step),
  expect: z.strictObject({
    channels: ChannelExpectations.optional(),
    responses: ResponseExpectations.optional(),
    webhooks: WebhookExpectations.optional(),
    requests: RequestExpectations.optional(),
  }),
})

/**
 * `value` as a scenario, or an Error naming the first field that is not (`expect.webhooks.events.0: Unrecognized key: "status"`).
 *
 * @example
 * const scenario = scenarioOrThrow((await import(file)).default)
 */
export function scenarioOrThrow(value: unknown): Scenario {
  const parsed = ScenarioShape.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`the default export is not a scenario: ${issue.path.join('.') || '(root)'}: ${issue.message}`)
  }
  return value as Scenario
}

/** tsx's ESM API, as this command uses it. */
interface TsxApi {
  register(options: { namespace: string }): {
    import(specifier: string, parentURL: string): Promise<unknown>
    unregister(): Promise<void>
  }
}

/** Where `tsx/esm/api` is, from `dir`'s point of view (a project's own node_modules), or undefined. */
function tsxApiFrom(dir: string): string | undefined {
  try {
    const manifest = createRequire(join(dir, 'noop.js')).resolve('tsx/package.json')
    const exports = (
      JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> }
    ).exports
    const entry = exports?.['./esm/api']?.import?.default
    return entry ? pathToFileURL(join(dirname(manifest), entry)).href : undefined
  } catch {
    return undefined
  }
}

let namespaces = 0

/**
 * Loads scenario files: `.js`/`.mjs` natively, `.ts` through tsx's API (`tsx/esm/api`), found in the partner's
 * project (`cwd`) or beside this package (`options.tsxFrom` overrides where to look). One tsx namespace per loader,
 * so a second run reads edited files afresh.
 *
 * @example
 * const loader = createScenarioLoader(process.cwd())
 * const scenario = await loader.load('/app/scenarios/card.scenario.ts')
 * await loader.close()
 */
export function createScenarioLoader(cwd: string, options: { tsxFrom?: string[] } = {}) {
  // Where tsx may be: the partner's project first, then beside this package (hoisted, or this repository).
  const tsxFrom = options.tsxFrom ?? [cwd, dirname(fileURLToPath(import.meta.url))]
  let tsx: Promise<ReturnType<TsxApi['register']>> | undefined
  const typescript = () => {
    tsx ??= (async () => {
      const api = tsxFrom.map(tsxApiFrom).find((found) => found !== undefined)
      if (!api) {
        throw new LoaderMissing(
          'TypeScript scenario files need tsx to load: install it in your project (npm i -D tsx), or write the scenarios as .mjs files.',
        )
      }
      return ((await import(api)) as TsxApi).register({
        namespace: `ramp-sandbox-scenarios-${process.pid}-${++namespaces}`,
      })
    })()
    return tsx
  }
  return {
    /** The file's default export, checked to be a scenario; throws a readable Error naming the field otherwise. */
    async load(file: string): Promise<Scenario> {
      const url = pathToFileURL(file).href
      const module = (
        /\.[cm]?ts$/.test(file) ? await (await typescript()).import(url, import.meta.url) : await import(url)
      ) as { default?: unknown }
      // A CommonJS project's .ts file compiles to `exports.default`: ESM sees the exports object as its default.
      const value = (module.default as { __esModule?: boolean; default?: unknown } | undefined)?.__esModule
        ? (module.default as { default: unknown }).default
        : module.default
      if (value === undefined) throw new Error('the file has no default export: export default defineScenario({ … })')
      return scenarioOrThrow(value)
    },
    async close(): Promise<void> {
      if (tsx) await (await tsx.catch(() => undefined))?.unregister()
    },
  }
}
