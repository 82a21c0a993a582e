import type { Locator } from 'playwright-core'
import type { TimelineEntry } from '../recording.ts'

/** A customer action on a channel: its name, the fields to type (read only when the form is there), where to note it. */
interface FormAction {
  channel: string
  action: string
  fields: () => Record<string, unknown>
  note(entry: TimelineEntry): void
}

/**
 * The customer fills and submits a frame's `form[data-action]` (found under any root: a host page's iframe or a
 * top-level frame page). As in process, an action the frame does not offer now changes nothing (noted); a field the
 * form lacks is an error.
 *
 * @example
 * await actInForm(page.locator('form[data-action="enterCode"]'), { channel: 'auth', action: 'enterCode', fields: () => ({ code: '000000' }), note })
 */
export async function actInForm(form: Locator, { channel, action, fields, note }: FormAction): Promise<void> {
  if (
    !(await form.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    ))
  )
    return note({ actor: 'customer', target: channel, what: `${action} (not offered)` })
  for (const [name, value] of Object.entries(fields())) {
    const input = form.locator(`input[name="${name}"]`)
    if ((await input.count()) === 0) throw new Error(`customer ${action} on ${channel}: the form has no field ${name}`)
    await input.fill(String(value))
  }
  // The machine validates what the customer typed, as in process; the browser's own checks would stop the submit first.
  await form.evaluate((element) => ((element as HTMLFormElement).noValidate = true))
  note({ actor: 'customer', target: channel, what: action })
  await form.locator('button[type="submit"]').click()
}
