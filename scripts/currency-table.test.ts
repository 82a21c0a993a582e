import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildCatalog } from '../fixtures/index.ts'
import { currencySection, withCurrencySection } from './currency-table.ts'

describe('README currency table', () => {
  it('matches the fixtures (run npm run docs:currencies when it does not)', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(withCurrencySection(readme, currencySection(buildCatalog(1)))).toBe(readme)
  })

  it('marks the special currencies', () => {
    const section = currencySection(buildCatalog(1))
    expect(section).toMatch(/`doge`.*\*\*no test mode\*\*/)
    expect(section).toMatch(/`xtz`.*\*\*suspended\*\*/)
    expect(section).toMatch(/`trx`.*\*\*not sellable\*\*/)
    expect(section).toMatch(/`xrp`.*address tag/)
  })
})
