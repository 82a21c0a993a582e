import { buildCatalog, magicCustomers } from '#fixtures/index.ts'
import { cliSection } from './readme-cli.ts'
import { currencySection, customerSection } from './readme-sections.ts'
import { webhookSection } from './readme-webhooks.ts'

/** A section of a document that `npm run docs:readme` writes, between its `<!-- name:start … -->` and `<!-- name:end -->`. */
export interface GeneratedSection {
  /** The document, from the repository's root. */
  file: string
  name: string
  content: () => string | Promise<string>
}

/**
 * Every generated section of the guides, in the page its content moved to with it (the README is a front door and
 * holds none): the fixture currencies, the magic customers, the webhook catalogue and the command line's `--help`.
 * docs/triggers.md's sections are `triggersDoc`'s.
 *
 * @example
 * for (const { file, name, content } of GENERATED_SECTIONS) text = withSection(text, name, await content())
 */
export const GENERATED_SECTIONS: readonly GeneratedSection[] = [
  { file: 'docs/currencies.md', name: 'currencies', content: () => currencySection(buildCatalog(1)) },
  { file: 'docs/platform-api.md', name: 'customers', content: () => customerSection(magicCustomers) },
  { file: 'docs/webhooks.md', name: 'webhooks', content: webhookSection },
  { file: 'docs/cli.md', name: 'cli', content: cliSection },
]

/** The sections of docs/triggers.md, which `triggersDoc` writes. */
export const TRIGGER_SECTIONS = ['buy-triggers', 'challenge-outcomes', 'sell-triggers', 'swap-triggers'] as const
