/** Regenerates the generated sections of README.md and docs/triggers.md from the fixtures, the webhook catalogue, the command line's --help and the trigger registries: `npm run docs:readme`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { buildCatalog, magicCustomers } from '../fixtures/index.ts'
import { triggersDoc } from './docs-triggers.ts'
import { cliSection } from './readme-cli.ts'
import { currencySection, customerSection, withSection } from './readme-sections.ts'
import { webhookSection } from './readme-webhooks.ts'

const path = new URL('../README.md', import.meta.url)
let readme = readFileSync(path, 'utf8')
readme = withSection(readme, 'currencies', currencySection(buildCatalog(1)))
readme = withSection(readme, 'customers', customerSection(magicCustomers))
readme = withSection(readme, 'webhooks', await webhookSection())
readme = withSection(readme, 'cli', cliSection())
writeFileSync(path, readme)

const triggers = new URL('../docs/triggers.md', import.meta.url)
writeFileSync(triggers, triggersDoc(readFileSync(triggers, 'utf8')))
