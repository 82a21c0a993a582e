/** Regenerates the currency table of README.md from the seed-1 fixtures: `npm run docs:currencies`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { buildCatalog } from '../fixtures/index.ts'
import { currencySection, withCurrencySection } from './currency-table.ts'

const path = new URL('../README.md', import.meta.url)
writeFileSync(path, withCurrencySection(readFileSync(path, 'utf8'), currencySection(buildCatalog(1))))
