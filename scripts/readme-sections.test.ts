import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildCatalog, magicCustomers } from '../fixtures/index.ts'
import { currencySection, customerSection, withSection } from './readme-sections.ts'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')

describe('README generated sections', () => {
  it('list the fixture currencies (run npm run docs:readme when they do not)', () => {
    expect(withSection(readme, 'currencies', currencySection(buildCatalog(1)))).toBe(readme)
  })

  it('list the magic customers (run npm run docs:readme when they do not)', () => {
    expect(withSection(readme, 'customers', customerSection(magicCustomers))).toBe(readme)
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
