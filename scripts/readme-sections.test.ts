import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildCatalog, magicCustomers } from '../fixtures/index.ts'
import { PlatformWebhookBody, Transaction, WidgetTransaction, WidgetWebhookBody } from '../sandbox/contract/index.ts'
import { USAGE } from '../sandbox/cli-usage.ts'
import { cliSection } from './readme-cli.ts'
import { currencySection, customerSection, withSection } from './readme-sections.ts'
import { webhookSection } from './readme-webhooks.ts'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README generated sections', () => {
  it('list the fixture currencies (run npm run docs:readme when they do not)', () => {
    expect(withSection(readme, 'currencies', currencySection(buildCatalog(1)))).toBe(readme)
  })

  it('list the magic customers (run npm run docs:readme when they do not)', () => {
    expect(withSection(readme, 'customers', customerSection(magicCustomers))).toBe(readme)
  })

  it('show the webhook catalogue and a body of each family as the sandbox sends it (run npm run docs:readme when they do not)', async () => {
    expect(withSection(readme, 'webhooks', await webhookSection())).toBe(readme)
  })

  it("show the command line's --help and the scenarios command's (run npm run docs:readme when they do not)", () => {
    expect(withSection(readme, 'cli', cliSection())).toBe(readme)
  })

  it('name every flag of --help', () => {
    const flags = [...new Set(USAGE.match(/--[a-z][a-z-]*/g))]
    expect(flags).toEqual(expect.arrayContaining(['--webhook-allow-host', '--realtime-clock', '--stall-report-seconds']))
    expect(flags.filter((flag) => !readme.includes(flag))).toEqual([])
  })

  it('show bodies that parse with the envelope of their family and the GET schema of their data', async () => {
    const [widget, platform] = [...(await webhookSection()).matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    expect(Object.keys(widget!)).toEqual(['type', 'data'])
    expect(WidgetTransaction.strict().safeParse(WidgetWebhookBody.parse(widget).data).success).toBe(true)
    expect(Object.keys(platform!)).toEqual(['id', 'type', 'timestamp', 'data'])
    expect(Transaction.strict().safeParse(PlatformWebhookBody.parse(platform).data).success).toBe(true)
  })

  it('mark the special currencies', () => {
    const section = currencySection(buildCatalog(1))
    expect(section).toMatch(/`doge`.*\*\*no test mode\*\*/)
    expect(section).toMatch(/`xtz`.*\*\*suspended\*\*/)
    expect(section).toMatch(/`trx`.*\*\*not sellable\*\*/)
    expect(section).toMatch(/`xrp`.*address tag/)
  })

  it('show every magic email and phone exactly', () => {
    const section = customerSection(magicCustomers)
    for (const customer of magicCustomers) expect(section).toContain(`| \`${customer.email}\` | \`${customer.phoneNumber}\` |`)
  })
})
