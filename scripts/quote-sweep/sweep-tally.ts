import type { z } from 'zod'
import { MAX_DESTINATION_STEPS } from '#domain/buy-amounts.ts'
import { MAX_LIMITS_STEPS } from '#domain/buy-limits.ts'
import type { StepCount } from '#domain/step-count.ts'
import { FrameError } from '#frames/effects/frame-error.ts'
import { SandboxError } from '#kernel/sandbox-error.ts'

/** The quote families the sweep drives: the two that search, and those that only compute (no loop, no steps). */
export const FAMILIES = [
  'limits',
  'widget buy by destination',
  'platform buy by destination',
  'widget frame estimate',
  'sell',
  'swap',
] as const
/** One of {@link FAMILIES}. */
export type Family = (typeof FAMILIES)[number]

/** Most steps a family may count (its JSDoc proves it); null: the family has no loop, so nothing counts. */
const STEP_BOUNDS: ReadonlyMap<Family, number | null> = new Map<Family, number | null>([
  ['limits', MAX_LIMITS_STEPS],
  ['widget buy by destination', MAX_DESTINATION_STEPS],
  ['platform buy by destination', MAX_DESTINATION_STEPS],
  ['widget frame estimate', null],
  ['sell', null],
  ['swap', null],
])

/** What one family did over a sweep. */
export interface FamilyFigures {
  cases: number
  quoted: number
  /** Answered with a 4xx `SandboxError` (or a frame's `FrameError`). */
  refused: number
  failed: number
  /** Most steps one case counted; null for a family without a loop. */
  maxSteps: number | null
  bound: number | null
}

/** How a sweep went, family by family, with the first failures in words. */
export interface SweepFigures {
  families: Record<Family, FamilyFigures>
  failures: string[]
}

/** Failures kept in words: enough to see what broke, not a wall of text. */
const FAILURES_KEPT = 20

/** Counts answers per family: a quote, a 4xx refusal, or a failure (a 5xx-worthy throw, an answer off its schema, too many steps). */
export class SweepTally {
  readonly figures: SweepFigures = {
    families: Object.fromEntries(
      FAMILIES.map((family) => [
        family,
        {
          cases: 0,
          quoted: 0,
          refused: 0,
          failed: 0,
          maxSteps: STEP_BOUNDS.get(family) === null ? null : 0,
          bound: STEP_BOUNDS.get(family)!,
        },
      ]),
    ) as Record<Family, FamilyFigures>,
    failures: [],
  }

  /** A failure of `family` at `label`, in words. */
  fail(family: Family, label: string, why: string): void {
    this.figures.families[family].failed++
    if (this.figures.failures.length < FAILURES_KEPT) this.figures.failures.push(`${family} ${label}: ${why}`)
  }

  /**
   * Runs one case of `family` with a fresh step count: its answer (checked against `schema`) or undefined when it was
   * refused or failed.
   */
  async run<T>(
    family: Family,
    label: string,
    schema: z.ZodType<T> | undefined,
    attempt: (count: StepCount) => T | Promise<T>,
  ): Promise<T | undefined> {
    const figures = this.figures.families[family]
    const count: StepCount = { steps: 0 }
    figures.cases++
    try {
      const answer = await attempt(count)
      const checked = schema?.safeParse(answer)
      if (checked && !checked.success)
        return void this.fail(family, label, `answer off its schema: ${checked.error.issues[0]?.message}`)
      figures.quoted++
      return answer
    } catch (error) {
      if ((error instanceof SandboxError && error.status < 500) || error instanceof FrameError) figures.refused++
      else
        this.fail(family, label, `threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
      return undefined
    } finally {
      if (figures.bound !== null) {
        figures.maxSteps = Math.max(figures.maxSteps!, count.steps)
        if (count.steps > figures.bound)
          this.fail(family, label, `${count.steps} steps, more than the bound ${figures.bound}`)
      }
    }
  }

  /** Whether every case answered within its bound. */
  get clean(): boolean {
    return FAMILIES.every((family) => this.figures.families[family].failed === 0)
  }
}
