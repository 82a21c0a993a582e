import type { FrameView } from '../machine.ts'

/**
 * Renders a machine's view: a title, a text, and one form per available action
 * (its fields as inputs, its label on the submit button). The browser driver
 * finds actions by `data-action`.
 */
export function renderView(root: HTMLElement | null, view: FrameView, act: (action: { type: string; [field: string]: unknown }) => void): void {
  if (!root) return
  root.replaceChildren()
  root.dataset.screen = view.screen
  const title = document.createElement('h1')
  title.textContent = view.title
  root.append(title)
  if (view.body) {
    const body = document.createElement('p')
    body.textContent = view.body
    root.append(body)
  }
  for (const action of view.actions) {
    const form = document.createElement('form')
    form.dataset.action = action.action
    for (const field of action.fields ?? []) {
      const label = document.createElement('label')
      label.textContent = field.label
      const input = document.createElement('input')
      input.name = field.name
      input.type = field.type ?? 'text'
      // Any decimal: without it a number input's step is 1 and the browser refuses to submit 0.5 (ETH sold).
      if (input.type === 'number') input.step = 'any'
      input.required = true
      label.append(input)
      form.append(label)
    }
    const button = document.createElement('button')
    button.type = 'submit'
    button.textContent = action.label
    if (view.actions.length > 1 && action !== view.actions[0]) button.className = 'secondary'
    form.append(button)
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const values: Record<string, unknown> = {}
      for (const field of action.fields ?? []) {
        const raw = (form.elements.namedItem(field.name) as HTMLInputElement).value
        values[field.name] = field.type === 'number' ? Number(raw) : raw
      }
      act({ type: action.action, ...values })
    })
    root.append(form)
  }
}
