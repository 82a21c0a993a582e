/** One step of a timeline: who did what to whom (`frame:<channel>` actors are frames replying to the host). */
export interface TimelineEntry {
  actor: string
  target: string
  what: string
  detail?: unknown
  /** How the arrow is drawn besides call or reply: a webhook, or a failure (a failed transaction, a rejected webhook). */
  tone?: 'webhook' | 'failure'
}

/** One arrow (or a note over a lifeline) of a scenario's sequence diagram. */
interface Arrow {
  from: string
  to: string
  label: string
  reply?: boolean
  note?: boolean
  tone?: 'webhook' | 'failure'
}

const FIXED = { partner: 'partner server', api: 'sandbox API', host: 'host page', customer: 'customer' } as const

/** The fields of an event's payload that tell its outcome (`status`, `code` …), as ` (status: active)`. */
function summary(detail: unknown): string {
  if (detail === null || typeof detail !== 'object') return ''
  const fields = ['status', 'code', 'failureCode', 'reason', 'kind', 'mismatch'].flatMap((name) => {
    const value = (detail as Record<string, unknown>)[name]
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [`${name}: ${value}`] : []
  })
  const transaction = (detail as { transaction?: { status?: unknown } }).transaction?.status
  if (typeof transaction === 'string') fields.push(`transaction: ${transaction}`)
  return fields.length > 0 ? ` (${fields.join(', ')})` : ''
}

/** A timeline as arrows between participants: partner → API, host/customer → frame, frame → host. */
function arrowsOf(timeline: TimelineEntry[]): Arrow[] {
  return timeline.map(({ actor, target, what, detail, tone }) => {
    if (actor.startsWith('frame:')) return { from: target, to: 'host', label: `${what}${summary(detail)}`, reply: true }
    if (actor === 'browser') return { from: target, to: target, label: what, note: true }
    return { from: actor, to: target, label: what, ...(tone && { tone }) }
  })
}

/** Participants in reading order: partner, API, host, the frames' channels as they appear, the customer. */
function participantsOf(arrows: Arrow[]): Array<{ id: string; label: string }> {
  const named = new Set(arrows.flatMap((a) => [a.from, a.to]))
  const channels = [...named].filter((name) => !(name in FIXED))
  const order = [...(['partner', 'api', 'host'] as const).filter((name) => named.has(name)), ...channels, ...(named.has('customer') ? ['customer'] : [])]
  return order.map((name) => ({ id: name, label: name in FIXED ? FIXED[name as keyof typeof FIXED] : `${name} (frame)` }))
}

/**
 * A timeline as a Mermaid `sequenceDiagram` (paste it into any Mermaid viewer).
 *
 * @example
 * sequenceDiagram([{ actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' }])
 */
export function sequenceDiagram(timeline: TimelineEntry[], title?: string): string {
  const arrows = arrowsOf(timeline)
  const participants = participantsOf(arrows)
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

const short = (label: string) => (label.length > 64 ? `${label.slice(0, 63)}…` : label)
const escape = (value: string) => value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

const STYLE = `.box { fill: #eef2ff; stroke: #6366f1; } .note { fill: #fff7d6; stroke: #d4a017; }
.head { text-anchor: middle; font-weight: 600; fill: #111; } .label { text-anchor: middle; font-size: 12px; fill: var(--diagram-text, #222); }
.life { stroke: #888; stroke-dasharray: 4 4; } .call { stroke: var(--diagram-text, #222); } .reply { stroke: #6366f1; stroke-dasharray: 6 3; }
line.webhook { stroke: var(--webhook, #0f766e); } line.failure { stroke: var(--failure, #b91c1c); } .label.failure { fill: var(--failure, #b91c1c); }`

/**
 * A timeline as an SVG sequence diagram (lifelines, arrows, notes) with its own styles.
 *
 * @example
 * sequenceDiagramSvg([{ actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 200' }])
 */
export function sequenceDiagramSvg(timeline: TimelineEntry[]): string {
  const arrows = arrowsOf(timeline)
  const participants = participantsOf(arrows)
  const column = 210
  const row = 30
  const top = 60
  const x = new Map(participants.map((p, i) => [p.id, 110 + i * column]))
  const width = 20 + participants.length * column
  const height = top + arrows.length * row + 40
  const parts: string[] = []
  for (const p of participants) {
    const cx = x.get(p.id)!
    parts.push(`<rect x="${cx - 95}" y="10" width="190" height="30" rx="4" class="box"/><text x="${cx}" y="30" class="head">${escape(p.label)}</text>`)
    parts.push(`<line x1="${cx}" y1="40" x2="${cx}" y2="${height - 10}" class="life"/>`)
  }
  arrows.forEach((a, i) => {
    const y = top + i * row + 12
    const from = x.get(a.from)!
    const to = x.get(a.to)!
    if (a.note) {
      parts.push(`<rect x="${from - 100}" y="${y - 16}" width="200" height="22" class="note"/><text x="${from}" y="${y}" class="label"><title>${escape(a.label)}</title>${escape(short(a.label))}</text>`)
      return
    }
    const tone = a.tone ? ` ${a.tone}` : ''
    parts.push(`<line x1="${from}" y1="${y}" x2="${to}" y2="${y}" class="${a.reply ? 'reply' : 'call'}${tone}" marker-end="url(#head)"/>`)
    parts.push(`<text x="${(from + to) / 2}" y="${y - 5}" class="label${tone}"><title>${escape(a.label)}</title>${escape(short(a.label))}</text>`)
  })
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="sequence diagram">
<style>${STYLE}</style>
<defs><marker id="head" markerWidth="8" markerHeight="8" refX="8" refY="4" orient="auto"><path d="M0,0 L8,4 L0,8 z" fill="#888"/></marker></defs>
${parts.join('\n')}
</svg>`
}

/**
 * A timeline as a self-contained HTML page with an SVG sequence diagram
 * (lifelines, arrows, notes), readable offline in the Playwright HTML report.
 */
export function sequenceDiagramHtml(timeline: TimelineEntry[], title: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title><style>
body { font: 13px system-ui, sans-serif; margin: 16px; }
</style></head><body><h1 style="font-size:16px">${escape(title)}</h1>
${sequenceDiagramSvg(timeline)}</body></html>`
}
