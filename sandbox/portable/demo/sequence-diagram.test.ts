import { describe, expect, it } from 'vitest'
import {
  DIAGRAM,
  fitLabel,
  sequenceDiagram,
  sequenceDiagramHtml,
  sequenceDiagramSvg,
  type TimelineEntry,
} from './sequence-diagram.ts'

const timeline: TimelineEntry[] = [
  { actor: 'customer', target: 'buy-button·abcd', what: 'tapPay' },
  { actor: 'host', target: 'partner', what: 'POST /demo/api/session → 201' },
  { actor: 'partner', target: 'api', what: 'POST /platform/v1/sessions → 201' },
  { actor: 'host', target: 'check·0001', what: 'ack' },
  { actor: 'frame:check·0001', target: 'check·0001', what: 'complete', detail: { status: 'active' } },
  { actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 503', tone: 'failure' },
  { actor: 'frame:challenge·beef', target: 'challenge·beef', what: 'cancelled', tone: 'cancelled' },
  { actor: 'api', target: 'partner', what: 'webhook transaction_created (pending)', tone: 'webhook' },
]
const svg = sequenceDiagramSvg(timeline, new Map([['check·0001', { hidden: true, colour: 1 }]]))
/** The lane names, left to right. */
const lanes = (markup: string) => [...markup.matchAll(/class="head"[^>]*>([^<]*)</g)].map((match) => match[1])
/** The `<line>` of the arrow whose label is `label` (the line comes just before its label). */
const arrowOf = (markup: string, label: string) =>
  new RegExp(`(<line [^>]*/>)\\n<text [^>]*><title>${label}</title>`).exec(markup)?.[1]

describe('the sequence diagram', () => {
  it('scales to its box: a viewBox, width 100% and no fixed pixel width', () => {
    const open = /<svg [^>]*>/.exec(svg)![0]
    expect(open).toMatch(/viewBox="0 0 \d+ \d+"/)
    expect(open).toContain('width="100%"')
    expect(open).toContain('preserveAspectRatio="xMinYMin meet"')
    expect(open).not.toMatch(/ width="\d+"| height="\d+"/)
  })

  it('never draws larger than its own size: its max-width is its viewBox width', () => {
    const open = /<svg [^>]*>/.exec(svg)![0]
    expect(open).toContain(`style="max-width:${/viewBox="0 0 (\d+)/.exec(open)![1]}px"`)
  })

  it('draws columns narrower than 210 units, seven lanes seven columns wide', () => {
    expect(DIAGRAM.column).toBeLessThan(210)
    expect(/viewBox="0 0 (\d+)/.exec(svg)![1]).toBe(String(20 + 7 * DIAGRAM.column))
  })

  it('orders the lanes partner server, sandbox API, host page, the frames as they appear, customer', () => {
    expect(lanes(svg)).toEqual([
      'partner server',
      'sandbox API',
      'host page',
      'buy-button·abcd',
      'check·0001 (hidden)',
      'challenge·beef',
      'customer',
    ])
  })

  it('labels a hidden frame lane "(hidden)" and tints a frame lane with its palette colour', () => {
    expect(svg).toMatch(/class="box frame-1"\/><text [^>]*>check·0001 \(hidden\)</)
  })

  it('cuts a lane name longer than its box with an ellipsis and keeps the full name in a <title>', () => {
    const long = 'a-very-long-frame-name-indeed·abcd'
    const markup = sequenceDiagramSvg([{ actor: 'host', target: long, what: 'ack' }])
    expect(markup).toContain(`<title>${long}</title>`)
    const shown = lanes(markup)[1]!
    expect(shown).toMatch(/…$/)
    expect(shown.length * DIAGRAM.minHead * DIAGRAM.charEm).toBeLessThanOrEqual(DIAGRAM.box - 8)
  })

  it('shrinks a lane name that fits at a smaller size instead of cutting it', () => {
    expect(fitLabel('partner server', DIAGRAM.box)).toEqual({ text: 'partner server', size: DIAGRAM.head })
    const name = 'x'.repeat(17)
    expect(fitLabel(name, DIAGRAM.box)).toEqual({ text: name, size: 11 })
    expect(fitLabel('check·0001 (hidden)', DIAGRAM.box)).toEqual({ text: 'check·0001 (hidden)', size: 10 })
  })

  it("draws the partner server's own call as an arrow from the partner lane to the API lane", () => {
    const line = arrowOf(svg, 'POST /platform/v1/sessions → 201')!
    const x1 = Number(/x1="(\d+)"/.exec(line)![1])
    const x2 = Number(/x2="(\d+)"/.exec(line)![1])
    expect([x1, x2]).toEqual([DIAGRAM.column / 2 + 10, DIAGRAM.column / 2 + 10 + DIAGRAM.column])
  })

  it.each([
    ['POST /platform/v1/quotes/buy → 503', 'failure'],
    ['cancelled', 'cancelled'],
    ['webhook transaction_created \\(pending\\)', 'webhook'],
  ])('colours the arrow %s as %s, its label and its arrow head', (label, tone) => {
    const line = arrowOf(svg, label)!
    expect(line).toMatch(new RegExp(`class="(call|reply) ${tone}" marker-end="url\\(#seq-head-${tone}\\)"`))
    expect(svg).toMatch(new RegExp(`class="label ${tone}"><title>${label}</title>`))
  })

  it('cuts an arrow label at the diagram width or 96 characters, the full label in its <title>', () => {
    const label = `complete (${'failureCode: transactionNotAllowed, '.repeat(4)})`
    const markup = sequenceDiagramSvg([{ actor: 'host', target: 'api', what: label }])
    expect(markup).toContain(`<title>${label}</title>`)
    const shown = new RegExp(`<title>${label.replace(/[()]/g, '\\$&')}</title>([^<]*)<`).exec(markup)![1]!
    expect(shown).toMatch(/…$/)
    expect(shown.length * DIAGRAM.label * DIAGRAM.charEm).toBeLessThanOrEqual(20 + 2 * DIAGRAM.column)
    const wide = sequenceDiagramSvg(timeline.concat({ actor: 'host', target: 'api', what: label }))
    expect(new RegExp(`<title>${label.replace(/[()]/g, '\\$&')}</title>([^<]*)<`).exec(wide)![1]).toHaveLength(
      DIAGRAM.maxLabel,
    )
  })

  it('leaves a plain call untoned', () => {
    expect(arrowOf(svg, 'POST /demo/api/session → 201')).toContain('class="call" marker-end="url(#seq-head)"')
  })

  it('scopes its styles to svg.seq, with fallbacks for a page without the variables', () => {
    const style = /<style>([\s\S]*)<\/style>/.exec(svg)![1]!
    expect(style.split('\n').every((rule) => rule.startsWith('.seq '))).toBe(true)
    expect(style).toContain('var(--failure, #b91c1c)')
    expect(style).toContain('var(--cancelled, #b45309)')
  })
})

describe('the Mermaid diagram', () => {
  it('names each participant once and draws calls, replies and notes', () => {
    const mermaid = sequenceDiagram([...timeline, { actor: 'browser', target: 'host', what: 'reload' }], 'a flow; #1')
    const lines = mermaid.split('\n')
    expect(lines[0]).toBe('sequenceDiagram')
    expect(lines[1]).toBe('  title a flow, ,1')
    expect(lines.filter((line) => line.startsWith('  participant '))).toEqual([
      '  participant p0 as partner server',
      '  participant p1 as sandbox API',
      '  participant p2 as host page',
      '  participant p3 as buy-button·abcd',
      '  participant p4 as check·0001',
      '  participant p5 as challenge·beef',
      '  participant p6 as customer',
    ])
    expect(lines).toContain('  p0->>p1: POST /platform/v1/sessions → 201')
    expect(lines).toContain('  p4-->>p2: complete (status: active)')
    expect(lines).toContain('  Note over p2: reload')
  })

  it('calls a bare channel name a frame', () => {
    expect(sequenceDiagram([{ actor: 'host', target: 'buy', what: 'ack' }])).toContain('participant p1 as buy (frame)')
  })
})

describe('the diagram page of the Playwright report', () => {
  it('wraps the SVG in a titled HTML page', () => {
    const html = sequenceDiagramHtml(timeline, 'card <buy>')
    expect(html).toContain('<title>card &lt;buy&gt;</title>')
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" class="seq"')
  })
})
