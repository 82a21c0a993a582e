import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Frame, Page } from 'playwright-core'

/** One accessibility violation axe-core found: its rule, impact, help text and the elements it names. */
export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  targets: string[]
}

let source: Promise<string> | undefined
const axeSource = () => (source ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'))

/** Every impact axe-core gives a finding: a page is clean when it has none of any (issue 42: axe reports 0). */
const ALL_IMPACTS = ['minor', 'moderate', 'serious', 'critical']

/**
 * Runs axe-core in a page or one of its frames (a cross-origin frame too) and returns its violations of every impact
 * (or of `impacts`), as a browser test asserts them. It checks that document alone: a test checks each frame on its
 * own, and axe reaching into a cross-origin frame from its parent posts at the parent's origin, which Chromium logs
 * as a console warning.
 *
 * @example
 * expect(await axeViolations(page)).toEqual([])
 * for (const frame of page.frames().slice(1)) expect(await axeViolations(frame)).toEqual([])
 */
export async function axeViolations(
  target: Page | Frame,
  impacts: readonly string[] = ALL_IMPACTS,
): Promise<AxeViolation[]> {
  const injected = await target.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === 'object')
  if (!injected) await target.evaluate(await axeSource())
  const violations = await target.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Document,
            options: object,
          ): Promise<{
            violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>
          }>
        }
      }
    ).axe
    const result = await axe.run(document, { resultTypes: ['violations'], iframes: false })
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => n.target.map(String).join(' ')),
    }))
  })
  return violations.filter((v) => v.impact !== null && impacts.includes(v.impact))
}
