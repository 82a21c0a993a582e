import type { JournalEntry } from '#contract/index.ts'

/** How the demo's partner server calls the sandbox with its secret key (`demoRoutes`' `call`). */
type SecretKeyCall = (
  mode: 'test' | 'live',
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => Promise<{ status: number; body?: unknown }>

/** The journal's page size (its route's largest `limit`). */
const PAGE = 1000

/**
 * The tenant's journal entries after `since`, every page of them (the route answers up to 1000 at a time), or the
 * failed answer to forward.
 *
 * @example
 * const entries = await journalSince(call, 'test', 0)
 * const head = Array.isArray(entries) ? entries.at(-1)?.seq ?? 0 : 0
 */
export async function journalSince(
  call: SecretKeyCall,
  mode: 'test' | 'live',
  since: number,
): Promise<JournalEntry[] | { status: number; body?: unknown }> {
  const entries: JournalEntry[] = []
  let after = since
  for (;;) {
    const reply = await call(mode, 'GET', '/__sandbox/journal', undefined, {
      since: String(after),
      limit: String(PAGE),
    })
    if (reply.status !== 200) return reply
    const page = (reply.body as { data: JournalEntry[] }).data
    entries.push(...page)
    if (page.length < PAGE) return entries
    after = page.at(-1)!.seq
  }
}
