/** Regenerates the generated sections of README.md from the fixtures and the webhook catalogue: `npm run docs:readme`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { buildCatalog, magicCustomers } from '../fixtures/index.ts'
import { currencySection, customerSection, withSection } from './readme-sections.ts'
import { webhookSection } from './readme-webhooks.ts'

const path = new URL('../README.md', import.meta.url)
let readme = readFileSync(path, 'utf8')
readme = withSection(readme, 'currencies', currencySection(buildCatalog(1)))
readme = withSection(readme, 'customers', customerSection(magicCustomers))
readme = withSection(readme, 'webhooks', await webhookSection())
writeFileSync(path, readme)
