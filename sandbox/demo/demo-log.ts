import { sequenceDiagramSvg, type TimelineEntry } from './sequence-diagram.ts'

/** One row of the demo's event log: a frame message (either way), an API call, or a webhook the partner server took. */
export interface LogRow {
  /** Milliseconds since the log was cleared. */
  time: number
  direction: 'frame→host' | 'host→frame' | 'api' | 'webhook'
  channel: string
  frame: string
  kind: string
  payload?: unknown
  /** For API calls: who made it (`host` page or `partner` server part). */
  actor?: 'host' | 'partner'
  /** The row tells of a failure (a failed transaction, a rejected webhook): drawn as one. */
  failure?: boolean
  /** The row belongs to a headless frame (check, reset), mounted without a container. */
  hidden?: boolean
}

/** A webhook row's arrow: its event type and, for a transaction, its status (a column is narrow: nothing more). */
function webhookArrow(row: LogRow): string {
  const data = typeof row.payload === 'object' && row.payload !== null && 'data' in row.payload ? row.payload.data : undefined
  const status = typeof data === 'object' && data !== null && 'status' in data && typeof data.status === 'string' ? ` (${data.status})` : ''
  return `webhook ${row.kind}${status}`
}

/** A log row as a timeline entry of the sequence diagram (host ↔ frame ↔ API; webhooks from the API to the partner server). */
export function timelineOf(rows: LogRow[]): TimelineEntry[] {
  return rows.map((row) => {
    if (row.direction === 'webhook') return { actor: 'api', target: 'partner', what: webhookArrow(row), tone: row.failure ? 'failure' : 'webhook' }
    const lane = `${row.frame}·${row.channel.slice(-4)}`
    if (row.direction === 'frame→host') return { actor: `frame:${lane}`, target: lane, what: row.kind, detail: row.payload }
    if (row.direction === 'host→frame') return { actor: 'host', target: lane, what: row.kind }
    return { actor: row.actor ?? 'host', target: row.actor === 'partner' ? 'api' : row.channel === 'partner' ? 'partner' : 'api', what: row.kind }
  })
}

/**
 * The live event log: appends rows to `list` (time, direction, channel, frame,
 * kind, and the payload in a `<details>`), and redraws the diagram.
 */
export function createLog(list: HTMLElement, diagram: HTMLElement) {
  let rows: LogRow[] = []
  let start = performance.now()
  const render = (row: LogRow) => {
    const item = document.createElement('li')
    item.className = row.direction === 'frame→host' ? 'dir-in' : row.direction === 'host→frame' ? 'dir-out' : row.direction === 'webhook' ? 'dir-webhook' : 'dir-api'
    if (row.failure) item.classList.add('failure')
    Object.assign(item.dataset, { kind: row.kind, frame: row.frame, direction: row.direction, channel: row.channel })
    const head = `${(row.time / 1000).toFixed(3)}s ${row.direction} ${row.channel} ${row.frame} `
    if (row.payload === undefined) {
      item.append(head)
      const kind = document.createElement('span')
      kind.className = 'kind'
      kind.textContent = row.kind
      item.append(kind)
    } else {
      const details = document.createElement('details')
      const summary = document.createElement('summary')
      summary.textContent = head
      const kind = document.createElement('span')
      kind.className = 'kind'
      kind.textContent = row.kind
      summary.append(kind)
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
      diagram.innerHTML = rows.length > 0 ? sequenceDiagramSvg(timelineOf(rows)) : ''
    })
  }
  return {
    add(row: Omit<LogRow, 'time'>) {
      const full = { ...row, time: Math.round(performance.now() - start) }
      rows.push(full)
      render(full)
      redraw()
    },
    rows: () => rows,
    clear() {
      rows = []
      start = performance.now()
      list.replaceChildren()
      redraw()
    },
  }
}

export type DemoLog = ReturnType<typeof createLog>
