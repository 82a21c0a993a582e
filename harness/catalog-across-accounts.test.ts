import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createSandboxCore } from '#http/sandbox-core.ts'
import { FAST_CHECK_SEED } from '#scripts/fast-check-seed.ts'
import { loadCatalog } from './catalog.ts'
import { checkScenario } from './check-scenario.ts'
import { nodeWebhookTransport, runInNode } from './drivers/node-driver.ts'
import { tagLabels } from './scenario-tags.ts'

/**
 * How many accounts each scenario runs under: `RAMP_SCENARIO_ACCOUNTS` (`npm run scenarios -- --accounts 50`),
 * by default a sample of 4, as the whole catalog takes a few seconds a round on a busy 2-core machine.
 */
const ACCOUNTS = Number(process.env.RAMP_SCENARIO_ACCOUNTS ?? 4)
if (!Number.isInteger(ACCOUNTS) || ACCOUNTS < 1)
  throw new Error(`RAMP_SCENARIO_ACCOUNTS must be a whole number from 1, got ${process.env.RAMP_SCENARIO_ACCOUNTS}`)

/** Distinct account names of the api-key grammar, from the suite's fast-check seed (so a failure reproduces). */
const accounts = fc.sample(
  fc.uniqueArray(fc.stringMatching(/^[A-Za-z0-9_]{1,64}$/), { minLength: ACCOUNTS, maxLength: ACCOUNTS }),
  { seed: FAST_CHECK_SEED, numRuns: 1 },
)[0]!

const catalog = loadCatalog()

describe(`scenario catalog under ${ACCOUNTS} random accounts (seed ${FAST_CHECK_SEED}), node driver`, () => {
  // Titles as the node catalog's (`id: title @tags`), so `--grep @payments` selects here too.
  it.each(catalog.map(({ id, scenario }) => [`${id}: ${scenario.title} ${tagLabels(scenario)}`, scenario] as const))(
    '%s',
    async (_name, scenario) => {
      // A core of the scenario's own, so each account is fresh and the core holds only this scenario's accounts.
      const core = createSandboxCore({
        seed: scenario.seed ?? Number(process.env.RAMP_SCENARIO_SEED ?? 1),
        webhookTransport: nodeWebhookTransport(),
      })
      const failures: string[] = []
      // A scenario that names its account runs on that account only.
      for (const account of scenario.account === undefined ? accounts : [scenario.account]) {
        const recording = await runInNode({ ...scenario, account }, { core })
        failures.push(
          ...checkScenario(scenario, recording).map((failure) => `account ${JSON.stringify(account)}: ${failure}`),
        )
      }
      expect(failures, failures.join('\n\n')).toEqual([])
    },
  )
})
