/** Regenerates the generated sections of the guides (docs/*.md) from the fixtures, the webhook catalogue, the command line's --help and the trigger registries: `npm run docs:readme`. */
import { readFileSync, writeFileSync } from 'node:fs'
import { triggersDoc } from './docs-triggers.ts'
import { GENERATED_SECTIONS } from './generated-sections.ts'
import { withSection } from './readme-sections.ts'

for (const { file, name, content } of GENERATED_SECTIONS) {
  const path = new URL(`../${file}`, import.meta.url)
  writeFileSync(path, withSection(readFileSync(path, 'utf8'), name, await content()))
}

const triggers = new URL('../docs/triggers.md', import.meta.url)
writeFileSync(triggers, triggersDoc(readFileSync(triggers, 'utf8')))
