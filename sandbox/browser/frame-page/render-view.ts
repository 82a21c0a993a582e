import type { FrameAction, FrameView } from '#portable/frames/machine.ts'
import { renderField } from './render-field.ts'

/**
 * Where each field's error goes: a field's own `error`, else the view's `error` on the first field of the first form.
 * `unplaced` is the view's error when no field takes it (shown as an alert under the body).
 *
 * @example
 * placeErrors({ screen: 'form', title: 'Add a card', error: 'Declined', actions: [{ action: 'enterCard', label: 'Add', fields: [{ name: 'number', label: 'Card number' }] }] })
 * // { byField: Map { 'enterCard.number' => 'Declined' }, unplaced: undefined }
 */
export function placeErrors(view: FrameView): { byField: Map<string, string>; unplaced?: string } {
  const byField = new Map<string, string>()
  for (const action of view.actions)
    for (const field of action.fields ?? []) if (field.error) byField.set(`${action.action}.${field.name}`, field.error)
  if (!view.error || byField.size > 0)
    return { byField, unplaced: view.error && byField.size > 0 ? undefined : view.error }
  const first = view.actions.find((action) => (action.fields ?? []).length > 0)
  if (!first) return { byField, unplaced: view.error }
  byField.set(`${first.action}.${first.fields![0]!.name}`, view.error)
  return { byField }
}

const element = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  text?: string,
  className?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

function renderDetails(details: NonNullable<FrameView['details']>): HTMLDListElement {
  const list = element('dl', undefined, 'details')
  for (const { label, value } of details) {
    const row = element('div')
    row.append(element('dt', label), element('dd', value))
    list.append(row)
  }
  return list
}

function renderHints(hints: string[]): HTMLElement {
  const aside = element('aside', undefined, 'hints')
  aside.setAttribute('aria-label', 'Sandbox test values')
  const list = element('ul')
  for (const hint of hints) list.append(element('li', hint))
  aside.append(list)
  return aside
}

/** Set when the customer submits a form: the next screen takes the focus even if the old one lost it. */
let submitted = false

function renderForm(
  view: FrameView,
  action: FrameAction,
  errors: Map<string, string>,
  act: (action: { type: string; [field: string]: unknown }) => void,
): HTMLFormElement {
  const form = element('form')
  form.dataset.action = action.action
  for (const field of action.fields ?? [])
    form.append(...renderField(action.action, field, errors.get(`${action.action}.${field.name}`)))
  const button = element('button', action.label)
  button.type = 'submit'
  if (view.actions.length > 1 && action !== view.actions[0]) button.className = 'secondary'
  form.append(button)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const values: Record<string, unknown> = {}
    for (const field of action.fields ?? []) {
      const raw = (form.elements.namedItem(field.name) as HTMLInputElement).value
      values[field.name] = field.type === 'number' ? Number(raw) : raw
    }
    submitted = true
    act({ type: action.action, ...values })
  })
  return form
}

/**
 * Renders a machine's view: a title, a text, an error, the order's details, one form per available action (its
 * fields as inputs, its label on the submit button) and the sandbox's test values. The browser driver finds actions
 * by `data-action`. Focus stays in the frame between steps: when it was inside the root (or the customer just
 * submitted), it moves to the new screen's first input, else to its heading; the first render takes no focus.
 */
export function renderView(
  root: HTMLElement | null,
  view: FrameView,
  act: (action: { type: string; [field: string]: unknown }) => void,
): void {
  if (!root) return
  const keepFocus =
    submitted ||
    (document.activeElement !== null && document.activeElement !== root && root.contains(document.activeElement))
  root.replaceChildren()
  root.dataset.screen = view.screen
  const title = element('h1', view.title)
  title.tabIndex = -1
  root.append(title)
  if (view.body) root.append(element('p', view.body))
  const { byField, unplaced } = placeErrors(view)
  if (unplaced) {
    const alert = element('p', unplaced, 'error')
    alert.setAttribute('role', 'alert')
    root.append(alert)
  }
  if (view.details?.length) root.append(renderDetails(view.details))
  for (const action of view.actions) root.append(renderForm(view, action, byField, act))
  if (view.hints?.length) root.append(renderHints(view.hints))
  if (!keepFocus) return
  submitted = false
  const input =
    root.querySelector<HTMLElement>('input[aria-invalid="true"]') ?? root.querySelector<HTMLElement>('input')
  ;(input ?? title).focus()
}
