import type { Scenario } from './scenario.ts'

/**
 * A scenario's tags as `--grep` and the catalogs' test titles read them: `@payments @card`, or '' when it has none
 * (`tags` is optional, so a tag filter never selects an untagged scenario).
 *
 * @example
 * tagLabels({ tags: ['payments', 'card'] }) // '@payments @card'
 * tagLabels({}) // ''
 */
export function tagLabels(scenario: Pick<Scenario, 'tags'>): string {
  return (scenario.tags ?? []).map((tag) => `@${tag}`).join(' ')
}
