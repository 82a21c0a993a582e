import type { FrameField } from '#portable/frames/machine.ts'

/** The ids a field's hint and error get, from the form's and the field's names. @example describedIds('enterCard', field) */
function describedIds(
  action: string,
  field: FrameField,
  error?: string,
): { input: string; hint?: string; error?: string } {
  const input = `field-${action}-${field.name}`
  return { input, ...(field.hint ? { hint: `${input}-hint` } : {}), ...(error ? { error: `${input}-error` } : {}) }
}

/**
 * The attributes of a field's input: its type, keyboard, autofill hint, whether it is required, and the ids of the
 * lines that describe it (hint, error). A pure function, so the page and the tests agree.
 *
 * @example
 * inputAttributes('enterCode', { name: 'code', label: 'Code', inputMode: 'numeric', autocomplete: 'one-time-code' })
 * // { id: 'field-enterCode-code', name: 'code', type: 'text', inputmode: 'numeric', autocomplete: 'one-time-code', required: '' }
 */
export function inputAttributes(action: string, field: FrameField, error?: string): Record<string, string> {
  const ids = describedIds(action, field, error)
  const type = field.type ?? 'text'
  const describedBy = [ids.hint, ids.error].filter((id) => id !== undefined).join(' ')
  return {
    id: ids.input,
    name: field.name,
    type,
    // Any decimal: without it a number input's step is 1 and the browser refuses to submit 0.5 (ETH sold).
    ...(type === 'number' ? { step: 'any' } : {}),
    ...(field.inputMode ? { inputmode: field.inputMode } : {}),
    ...(field.autocomplete ? { autocomplete: field.autocomplete } : {}),
    ...(field.optional ? {} : { required: '' }),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
  }
}

/** A paragraph with a class and an id (a hint or an error line). */
function line(className: string, id: string, text: string): HTMLParagraphElement {
  const p = document.createElement('p')
  p.className = className
  p.id = id
  p.textContent = text
  if (className === 'error') p.setAttribute('role', 'alert')
  return p
}

/**
 * Renders one field: its label wrapping the input, then its hint and its error (`role="alert"`), both tied to the
 * input with `aria-describedby`.
 */
export function renderField(action: string, field: FrameField, error?: string): HTMLElement[] {
  const label = document.createElement('label')
  const text = document.createElement('span')
  text.textContent = field.label
  const input = document.createElement('input')
  for (const [name, value] of Object.entries(inputAttributes(action, field, error))) input.setAttribute(name, value)
  label.append(text, input)
  const ids = describedIds(action, field, error)
  return [
    label,
    ...(ids.hint ? [line('hint', ids.hint, field.hint!)] : []),
    ...(ids.error ? [line('error', ids.error, error!)] : []),
  ]
}
