import { frameColours, logCells, rowTone, shortChannel, type LogCells } from './demo-log-cells.ts'
import type { LogRow } from './log-row.ts'
import { createLogRuns, type LogRun } from './demo-log-runs.ts'
import { shortTransaction } from './row-transaction.ts'
import type { ArrowTone, LaneStyle, TimelineEntry } from '#portable/demo/sequence-diagram.ts'
import { sequenceDiagramPanel } from '#portable/demo/sequence-diagram-panel.ts'

export type { LogRow } from './log-row.ts'

/** A webhook row's arrow: its event type and, for a transaction, its status and its id, shortened (a column is narrow: nothing more). */
function webhookArrow(row: LogRow): string {
  const data =
    typeof row.payload === 'object' && row.payload !== null && 'data' in row.payload ? row.payload.data : undefined
  const status =
    typeof data === 'object' && data !== null && 'status' in data && typeof data.status === 'string'
      ? ` (${data.status})`
      : ''
  return `webhook ${row.kind}${status}${row.transaction === undefined ? '' : ` ${shortTransaction(row.transaction)}`}`
}

/**
 * Log rows as the sequence diagram's timeline (host ↔ frame lanes, host → partner server or API, partner server → API,
 * webhooks API → partner server, the customer's acts → the frame or the page), each arrow toned by `rowTone` (webhooks
 * in the webhook colour otherwise).
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
    if (row.direction === 'customer')
      return { actor: 'customer', target: row.frame === '-' ? 'host' : shortChannel(row), what: row.kind, ...toned }
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
  if (cells.transaction !== undefined) kind.append(' ', span('transaction', cells.transaction))
  line.append(kind)
  return line
}

/** A row as a list item: its columns (the payload in a `<details>`), its facts as `data-*` for styles and tests. */
function rowElement(row: LogRow, colours: ReadonlyMap<string, number>): HTMLLIElement {
  const cells = logCells(row, colours)
  const item = document.createElement('li')
  item.className = cells.badge.className
  Object.assign(
    item.dataset,
    { kind: row.kind, frame: row.frame, direction: row.direction, channel: row.channel },
    cells.tone && { tone: cells.tone },
    row.transaction !== undefined && { transaction: row.transaction },
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
  return item
}

/** The diagram of rows, as SVG markup ('' for none). */
const diagramOf = (rows: LogRow[]) => (rows.length > 0 ? sequenceDiagramPanel(timelineOf(rows), lanesOf(rows)) : '')

/** An earlier run, folded: its summary line, its rows and its diagram (drawn when opened). */
interface FoldedRun {
  details: HTMLDetailsElement
  outcome: HTMLSpanElement
  list: HTMLOListElement
  diagram: HTMLDivElement
}

/**
 * The live event log, one run at a time: the current run's rows in `list` as columns (time, direction badge, short
 * channel id, frame in its colour, hidden tag, kind, outcome and transaction; the payload in a `<details>`), toned by
 * `rowTone`, and its diagram in `diagram` (`data-run` names the run). Starting a run folds the one before into a
 * `<details>` below the list (its rows, and its diagram when opened); a late webhook of an earlier run's transaction
 * lands in that run, not the current one (see `createLogRuns`). Both containers are keyboard-focusable scroll regions.
 *
 * @example
 * const log = createLog(document.getElementById('log')!, document.getElementById('diagram')!)
 * log.startRun('Card buy (buy button)')
 * log.add({ direction: 'api', channel: 'partner', frame: '-', kind: 'POST /demo/api/session → 201', actor: 'host' })
 */
export function createLog(list: HTMLElement, diagram: HTMLElement) {
  const runs = createLogRuns(() => performance.now())
  list.tabIndex = 0
  if (!list.hasAttribute('aria-label')) list.setAttribute('aria-label', 'event log')
  diagram.tabIndex = 0
  diagram.setAttribute('role', 'region')
  if (!diagram.hasAttribute('aria-label')) diagram.setAttribute('aria-label', 'sequence diagram of the log')
  const earlier = document.createElement('div')
  earlier.className = 'earlier-runs'
  list.after(earlier)
  const folded = new Map<LogRun, FoldedRun>()
  let unclaimed: FoldedRun | undefined

  const coloursOf = (run: { rows: LogRow[] }) => frameColours(run.rows.map((row) => row.frame))
  const fold = (title: string, run?: LogRun): FoldedRun => {
    const details = document.createElement('details')
    details.className = 'run'
    details.dataset.run = run ? String(run.number) : 'unclaimed'
    const summary = document.createElement('summary')
    const outcome = span('run-outcome', run?.outcome ?? '')
    summary.append(span('run-title', title), ' ', outcome)
    const rowsList = document.createElement('ol')
    rowsList.className = 'run-log'
    rowsList.setAttribute('aria-label', title)
    const drawn = document.createElement('div')
    drawn.className = 'run-diagram'
    details.append(summary, rowsList, drawn)
    details.addEventListener('toggle', () => {
      if (details.open) drawn.innerHTML = diagramOf(run ? run.rows : runs.unclaimed())
    })
    return { details, outcome, list: rowsList, diagram: drawn }
  }
  const titleOf = (run: LogRun) => `Run ${run.number}${run.label ? ` · ${run.label}` : ''}`

  let pending = false
  const redraw = () => {
    if (pending) return
    pending = true
    requestAnimationFrame(() => {
      pending = false
      // A diagram scrolled to its newest arrow stays there as arrows come; one the viewer scrolled up stays put.
      const following = diagram.scrollTop + diagram.clientHeight >= diagram.scrollHeight - 4
      diagram.dataset.run = String(runs.current().number)
      diagram.innerHTML = diagramOf(runs.current().rows)
      if (following) diagram.scrollTop = diagram.scrollHeight
    })
  }
  const renderCurrent = (row: LogRow) => {
    list.append(rowElement(row, coloursOf(runs.current())))
    list.scrollTop = list.scrollHeight
  }
  /** Shows in the current run the held webhooks it claimed, and takes them out of the unclaimed ones. */
  const take = (moved: LogRow[]) => {
    if (moved.length === 0) return
    for (const row of moved) renderCurrent(row)
    const ids = new Set(moved.map((row) => row.transaction))
    for (const item of unclaimed?.list.querySelectorAll('li') ?? [])
      if (ids.has(item.dataset.transaction)) item.remove()
    redraw()
  }

  return {
    /** Starts a run (`label`: the flow's name): the run before is folded away, newest first. */
    startRun(label: string): void {
      const previous = runs.start(label)
      if (previous) {
        const view = fold(titleOf(previous), previous)
        view.list.append(...list.children)
        folded.set(previous, view)
        earlier.prepend(view.details)
      }
      list.replaceChildren()
      redraw()
    },
    /** The current run's last word (the banner's), shown on its summary once it is folded; `run` a run by number. */
    setOutcome(text: string, run = runs.current().number): void {
      const found = [runs.current(), ...runs.folded()].find((candidate) => candidate.number === run)
      if (!found) return
      found.outcome = text
      const view = folded.get(found)
      if (view) view.outcome.textContent = text
    },
    /** Says the current run made `transaction`: its webhooks, held or to come, are the run's. */
    claim(transaction: string): void {
      take(runs.claim(transaction))
    },
    add(row: Omit<LogRow, 'time'>): void {
      const placed = runs.place(row)
      if (placed.to === 'dropped') return
      if (placed.to === 'current') {
        renderCurrent(placed.row)
        take(placed.moved ?? [])
        redraw()
        return
      }
      if (placed.to === 'earlier') {
        const view = folded.get(placed.run)
        view?.list.append(rowElement(placed.row, coloursOf(placed.run)))
        if (view?.details.open) view.diagram.innerHTML = diagramOf(placed.run.rows)
        return
      }
      if (!unclaimed) {
        unclaimed = fold('Webhooks of no run on this page')
        earlier.append(unclaimed.details)
      }
      unclaimed.list.append(rowElement(placed.row, new Map()))
    },
    /** The current run's rows. */
    rows: () => runs.current().rows,
    /** The current run's number. */
    run: () => runs.current().number,
    /** Empties the current run and drops the earlier ones. */
    clear() {
      runs.clear()
      folded.clear()
      unclaimed = undefined
      earlier.replaceChildren()
      list.replaceChildren()
      redraw()
    },
  }
}

export type DemoLog = ReturnType<typeof createLog>
