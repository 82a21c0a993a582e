import { frameColours, logCells, rowTone, shortChannel, type LogCells } from './demo-log-cells.ts'
import type { LogRow } from './log-row.ts'
import type { ArrowTone, LaneStyle, TimelineEntry } from '#portable/demo/sequence-diagram.ts'
import { sequenceDiagramPanel } from '#portable/demo/sequence-diagram-panel.ts'

export type { LogRow } from './log-row.ts'

/** A webhook row's arrow: its event type and, for a transaction, its status (a column is narrow: nothing more). */
function webhookArrow(row: LogRow): string {
  const data =
    typeof row.payload === 'object' && row.payload !== null && 'data' in row.payload ? row.payload.data : undefined
  const status =
    typeof data === 'object' && data !== null && 'status' in data && typeof data.status === 'string'
      ? ` (${data.status})`
      : ''
  return `webhook ${row.kind}${status}`
}

/**
 * Log rows as the sequence diagram's timeline (host ↔ frame lanes, host → partner server or API, partner server → API,
 * webhooks API → partner server), each arrow toned by `rowTone` (webhooks in the webhook colour otherwise).
 *
 * @example
 * timelineOf([{ time: 0, direction: 'api', channel: 'api', frame: '-', kind: 'POST /platform/v1/sessions → 201', actor: 'partner' }])
 * // [{ actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' }]
 */
export function timelineOf(rows: LogRow[]): TimelineEntry[] {
  return rows.map((row): TimelineEntry => {
    const tone: ArrowTone | undefined = rowTone(row) ?? (row.direction === 'webhook' ? 'webhook' : undefined)
    const toned: Pick<TimelineEntry, 'tone'> = tone ? { tone } : {}
    if (row.direction === 'webhook') return { actor: 'api', target: 'partner', what: webhookArrow(row), ...toned }
    const lane = shortChannel(row)
    if (row.direction === 'frame→host')
      return { actor: `frame:${lane}`, target: lane, what: row.kind, detail: row.payload, ...toned }
    if (row.direction === 'host→frame') return { actor: 'host', target: lane, what: row.kind, ...toned }
    if (row.actor === 'partner') return { actor: 'partner', target: 'api', what: row.kind, ...toned }
    return { actor: 'host', target: row.channel === 'partner' ? 'partner' : 'api', what: row.kind, ...toned }
  })
}

/**
 * The frames' lanes of the diagram by short channel id: hidden or not, and the frame's palette colour.
 *
 * @example
 * lanesOf([{ time: 0, direction: 'frame→host', channel: 'ch_0001', frame: 'check', kind: 'handshake', hidden: true }])
 * // Map { 'check·0001' => { hidden: true, colour: 0 } }
 */
export function lanesOf(rows: LogRow[]): Map<string, LaneStyle> {
  const colours = frameColours(rows.map((row) => row.frame))
  const lanes = new Map<string, LaneStyle>()
  for (const row of rows) {
    if (row.direction !== 'frame→host' && row.direction !== 'host→frame') continue
    const lane = shortChannel(row)
    const before = lanes.get(lane)
    lanes.set(lane, {
      hidden: before?.hidden === true || row.hidden === true,
      ...(colours.has(row.frame) && { colour: colours.get(row.frame)! }),
    })
  }
  return lanes
}

/** A span of class `className` with `text`. */
function span(className: string, text: string): HTMLSpanElement {
  const element = document.createElement('span')
  element.className = className
  element.textContent = text
  return element
}

/** A row's columns as spans in one `.cells` line (the summary line when the row has a payload). */
function cellsElement(cells: LogCells): HTMLSpanElement {
  const line = span('cells', '')
  line.append(
    span('time', cells.time),
    span(`badge ${cells.badge.className}`, cells.badge.text),
    span('channel', cells.channel),
  )
  line.append(span(cells.colour === undefined ? 'frame' : `frame frame-${cells.colour}`, cells.frame))
  const kind = span('kind-cell', '')
  if (cells.hidden) kind.append(span('tag-hidden', 'hidden'), ' ')
  kind.append(span('kind', cells.kind))
  if (cells.outcome !== undefined) kind.append(' ', span('outcome', cells.outcome))
  line.append(kind)
  return line
}

/**
 * The live event log: appends rows to `list` as columns (time, direction badge, short channel id, frame in its
 * colour, hidden tag, kind and outcome; the payload in a `<details>`), toned by `rowTone`, and redraws the diagram
 * into `diagram`. Both containers are made keyboard-focusable scroll regions.
 *
 * @example
 * const log = createLog(document.getElementById('log')!, document.getElementById('diagram')!)
 * log.add({ direction: 'api', channel: 'partner', frame: '-', kind: 'POST /demo/api/session → 201', actor: 'host' })
 */
export function createLog(list: HTMLElement, diagram: HTMLElement) {
  let rows: LogRow[] = []
  let colours = new Map<string, number>()
  let start = performance.now()
  list.tabIndex = 0
  if (!list.hasAttribute('aria-label')) list.setAttribute('aria-label', 'event log')
  diagram.tabIndex = 0
  diagram.setAttribute('role', 'region')
  if (!diagram.hasAttribute('aria-label')) diagram.setAttribute('aria-label', 'sequence diagram of the log')
  const render = (row: LogRow) => {
    const cells = logCells(row, colours)
    const item = document.createElement('li')
    item.className = cells.badge.className
    Object.assign(
      item.dataset,
      { kind: row.kind, frame: row.frame, direction: row.direction, channel: row.channel },
      cells.tone && { tone: cells.tone },
    )
    if (row.payload === undefined) item.append(cellsElement(cells))
    else {
      const details = document.createElement('details')
      const summary = document.createElement('summary')
      summary.append(cellsElement(cells))
      const pre = document.createElement('pre')
      pre.textContent = JSON.stringify(row.payload, null, 2)
      details.append(summary, pre)
      item.append(details)
    }
    list.append(item)
    list.scrollTop = list.scrollHeight
  }
  let pending = false
  const redraw = () => {
    if (pending) return
    pending = true
    requestAnimationFrame(() => {
      pending = false
      // A diagram scrolled to its newest arrow stays there as arrows come; one the viewer scrolled up stays put.
      const following = diagram.scrollTop + diagram.clientHeight >= diagram.scrollHeight - 4
      diagram.innerHTML = rows.length > 0 ? sequenceDiagramPanel(timelineOf(rows), lanesOf(rows)) : ''
      if (following) diagram.scrollTop = diagram.scrollHeight
    })
  }
  return {
    add(row: Omit<LogRow, 'time'>) {
      const full = { ...row, time: Math.round(performance.now() - start) }
      rows.push(full)
      if (!colours.has(full.frame)) colours = frameColours(rows.map((r) => r.frame))
      render(full)
      redraw()
    },
    rows: () => rows,
    clear() {
      rows = []
      colours = new Map()
      start = performance.now()
      list.replaceChildren()
      redraw()
    },
  }
}

export type DemoLog = ReturnType<typeof createLog>
