import { SEQUENCE_SVG_STYLE } from './sequence-diagram-style.ts'

/** How an arrow is drawn besides call or reply: a webhook, a failure (failed transaction, rejected webhook, error, 4xx/5xx) or a cancellation. */
export type ArrowTone = 'webhook' | 'failure' | 'cancelled'

/** One step of a timeline: who did what to whom (`frame:<channel>` actors are frames replying to the host). */
export interface TimelineEntry {
  actor: string
  target: string
  what: string
  detail?: unknown
  tone?: ArrowTone
}

/** How a frame's lane is drawn: `hidden` (a headless frame: check, reset) and its colour's index in the frame palette. */
export interface LaneStyle {
  hidden?: boolean
  colour?: number
}

/** One arrow (or a note over a lifeline) of a scenario's sequence diagram. */
interface Arrow {
  from: string
  to: string
  label: string
  reply?: boolean
  note?: boolean
  tone?: ArrowTone
}

const FIXED = new Map([
  ['partner', 'partner server'],
  ['api', 'sandbox API'],
  ['host', 'host page'],
  ['customer', 'customer'],
])

/** The fields of an event's payload that tell its outcome (`status`, `code` …), as ` (status: active)`. */
function summary(detail: unknown): string {
  if (detail === null || typeof detail !== 'object') return ''
  const fields = ['status', 'code', 'failureCode', 'reason', 'kind', 'mismatch'].flatMap((name) => {
    const value = Object.hasOwn(detail, name) ? (detail as Record<string, unknown>)[name] : undefined
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? [`${name}: ${value}`]
      : []
  })
  const transaction = (detail as { transaction?: { status?: unknown } }).transaction?.status
  if (typeof transaction === 'string') fields.push(`transaction: ${transaction}`)
  return fields.length > 0 ? ` (${fields.join(', ')})` : ''
}

/** A timeline as arrows between participants: partner → API, host/customer → frame, frame → host. */
function arrowsOf(timeline: TimelineEntry[]): Arrow[] {
  return timeline.map(({ actor, target, what, detail, tone }) => {
    if (actor.startsWith('frame:'))
      return { from: target, to: 'host', label: `${what}${summary(detail)}`, reply: true, ...(tone && { tone }) }
    if (actor === 'browser') return { from: target, to: target, label: what, note: true }
    return { from: actor, to: target, label: what, ...(tone && { tone }) }
  })
}

/** A frame lane's name: its id (`buy-button·abcd`), `(hidden)` for a headless frame, `(frame)` for a bare channel name. */
function laneLabel(id: string, lane: LaneStyle | undefined): string {
  if (lane?.hidden) return `${id} (hidden)`
  return id.includes('·') ? id : `${id} (frame)`
}

/** Participants in reading order: partner, API, host, the frames' channels as they appear, the customer. */
function participantsOf(arrows: Arrow[], lanes: ReadonlyMap<string, LaneStyle>): Array<{ id: string; label: string }> {
  const named = new Set(arrows.flatMap((a) => [a.from, a.to]))
  const channels = [...named].filter((name) => !FIXED.has(name))
  const order = [
    ...['partner', 'api', 'host'].filter((name) => named.has(name)),
    ...channels,
    ...(named.has('customer') ? ['customer'] : []),
  ]
  return order.map((id) => ({ id, label: FIXED.get(id) ?? laneLabel(id, lanes.get(id)) }))
}

/**
 * A timeline as a Mermaid `sequenceDiagram` (paste it into any Mermaid viewer).
 *
 * @example
 * sequenceDiagram([{ actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' }])
 */
export function sequenceDiagram(timeline: TimelineEntry[], title?: string): string {
  const arrows = arrowsOf(timeline)
  const participants = participantsOf(arrows, new Map())
  const id = new Map(participants.map((p, i) => [p.id, `p${i}`]))
  const text = (value: string) => value.replace(/[;#]/g, ',').replace(/\n/g, ' ')
  const lines = ['sequenceDiagram']
  if (title) lines.push(`  title ${text(title)}`)
  for (const p of participants) lines.push(`  participant ${id.get(p.id)} as ${text(p.label)}`)
  for (const a of arrows) {
    if (a.note) lines.push(`  Note over ${id.get(a.from)}: ${text(a.label)}`)
    else lines.push(`  ${id.get(a.from)}${a.reply ? '-->>' : '->>'}${id.get(a.to)}: ${text(a.label)}`)
  }
  return lines.join('\n')
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The diagram's geometry (user units of the viewBox; the SVG scales down to its box, never up). Text is monospace:
 * 0.6 em a character. A column of 130 keeps seven lanes within a presenter's diagram column at 1440 px.
 */
export const DIAGRAM = {
  column: 130,
  box: 122,
  row: 26,
  top: 52,
  /** Where the lane heads end and the arrows begin: the heads are drawn apart, so a page can pin them. */
  headsBottom: 40,
  head: 12,
  minHead: 10,
  label: 11,
  charEm: 0.6,
  maxLabel: 96,
} as const

/**
 * A lane name fitted to a box `width` units wide: at the head size if it fits, else at a smaller size down to
 * `minHead`, else cut with an ellipsis at `minHead`.
 *
 * @example
 * fitLabel('challenge·abcd (hidden)', 150) // { text: 'challenge·abcd (hidden)', size: 10 }
 */
export function fitLabel(label: string, width: number): { text: string; size: number } {
  const room = width - 8
  for (let size = DIAGRAM.head; size >= DIAGRAM.minHead; size--)
    if (label.length * size * DIAGRAM.charEm <= room) return { text: label, size }
  const chars = Math.floor(room / (DIAGRAM.minHead * DIAGRAM.charEm)) - 1
  return { text: `${label.slice(0, chars)}…`, size: DIAGRAM.minHead }
}

/** One message of a drawn diagram as words: its sender's and receiver's lane names and its whole label. */
interface DrawnMessage {
  from: string
  to: string
  label: string
  note: boolean
  tone?: ArrowTone
}

/** A timeline drawn: the SVG markup of the lane heads, of the rest (lifelines, arrows, notes, with its arrow heads' `<defs>`), the size in user units and the messages as words. */
interface DiagramDrawing {
  width: number
  height: number
  heads: string
  body: string
  lanes: string[]
  messages: DrawnMessage[]
}

const marker = (id: string, tone?: ArrowTone) =>
  `<marker id="${id}" markerWidth="8" markerHeight="8" refX="8" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" class="tip${tone ? ` ${tone}` : ''}"/></marker>`

/**
 * A timeline laid out and drawn, in parts a page can place apart: the lane heads above `DIAGRAM.headsBottom`, the
 * lifelines, arrows and notes below it. `lanes` styles the frames' lanes (hidden, palette colour) by lane id.
 *
 * @example
 * drawDiagram([{ actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 200' }]).lanes // ['sandbox API', 'host page']
 */
export function drawDiagram(
  timeline: TimelineEntry[],
  lanes: ReadonlyMap<string, LaneStyle> = new Map(),
): DiagramDrawing {
  const arrows = arrowsOf(timeline)
  const participants = participantsOf(arrows, lanes)
  const { column, box, row, top } = DIAGRAM
  const x = new Map(participants.map((p, i) => [p.id, column / 2 + 10 + i * column]))
  const width = 20 + participants.length * column
  const height = top + arrows.length * row + 16
  const charWidth = DIAGRAM.label * DIAGRAM.charEm
  const maxChars = Math.min(DIAGRAM.maxLabel, Math.floor((width - 8) / charWidth))
  const heads: string[] = []
  const body: string[] = [
    `<defs>${marker('seq-head')}${marker('seq-head-webhook', 'webhook')}${marker('seq-head-failure', 'failure')}${marker('seq-head-cancelled', 'cancelled')}</defs>`,
  ]
  for (const p of participants) {
    const cx = x.get(p.id)!
    const fitted = fitLabel(p.label, box)
    const colour = lanes.get(p.id)?.colour
    const tint = colour === undefined ? '' : ` frame-${colour}`
    const size = fitted.size === DIAGRAM.head ? '' : ` style="font-size:${fitted.size}px"`
    heads.push(
      `<g class="lane"><title>${escapeHtml(p.label)}</title><rect x="${cx - box / 2}" y="8" width="${box}" height="28" rx="4" class="box${tint}"/><text x="${cx}" y="26" class="head"${size}>${escapeHtml(fitted.text)}</text></g>`,
    )
    body.push(`<line x1="${cx}" y1="36" x2="${cx}" y2="${height - 6}" class="life"/>`)
  }
  arrows.forEach((a, i) => {
    const y = top + i * row + 10
    const from = x.get(a.from)!
    const to = x.get(a.to)!
    const text = a.label.length > maxChars ? `${a.label.slice(0, maxChars - 1)}…` : a.label
    const half = (text.length * charWidth) / 2
    const mid = Math.min(Math.max((from + to) / 2, half + 4), width - half - 4)
    const tone = a.tone ? ` ${a.tone}` : ''
    if (a.note) {
      body.push(`<rect x="${from - box / 2}" y="${y - 15}" width="${box}" height="20" class="note"/>`)
    } else {
      body.push(
        `<line x1="${from}" y1="${y}" x2="${to}" y2="${y}" class="${a.reply ? 'reply' : 'call'}${tone}" marker-end="url(#seq-head${a.tone ? `-${a.tone}` : ''})"/>`,
      )
    }
    body.push(
      `<text x="${mid}" y="${a.note ? y : y - 4}" class="label${tone}"><title>${escapeHtml(a.label)}</title>${escapeHtml(text)}</text>`,
    )
  })
  const name = new Map(participants.map((p) => [p.id, p.label]))
  return {
    width,
    height,
    heads: heads.join('\n'),
    body: body.join('\n'),
    lanes: participants.map((p) => p.label),
    messages: arrows.map((a) => ({
      from: name.get(a.from)!,
      to: name.get(a.to)!,
      label: a.label,
      note: a.note === true,
      ...(a.tone && { tone: a.tone }),
    })),
  }
}

/**
 * A timeline as one SVG sequence diagram (lifelines, arrows, notes) with its own styles, scaled down to the width of
 * its box and never up (viewBox, `width="100%"`, its own width as `max-width`). `lanes` styles the frames' lanes
 * (hidden, palette colour) by lane id.
 *
 * @example
 * sequenceDiagramSvg([{ actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 200' }])
 */
export function sequenceDiagramSvg(
  timeline: TimelineEntry[],
  lanes: ReadonlyMap<string, LaneStyle> = new Map(),
): string {
  const drawing = drawDiagram(timeline, lanes)
  return `<svg xmlns="http://www.w3.org/2000/svg" class="seq" viewBox="0 0 ${drawing.width} ${drawing.height}" width="100%" preserveAspectRatio="xMinYMin meet" style="max-width:${drawing.width}px" role="img" aria-label="sequence diagram">
<style>${SEQUENCE_SVG_STYLE}</style>
${drawing.heads}
${drawing.body}
</svg>`
}

/**
 * A timeline as a self-contained HTML page with an SVG sequence diagram
 * (lifelines, arrows, notes), readable offline in the Playwright HTML report.
 *
 * @example
 * sequenceDiagramHtml([{ actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' }], 'a session')
 */
export function sequenceDiagramHtml(timeline: TimelineEntry[], title: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>
body { font: 13px system-ui, sans-serif; margin: 16px; }
</style></head><body><h1 style="font-size:16px">${escapeHtml(title)}</h1>
${sequenceDiagramSvg(timeline)}</body></html>`
}
