import { describe, expect, it } from 'vitest'
import { sequenceDiagramPanel } from './sequence-diagram-panel.ts'
import { DIAGRAM, type TimelineEntry } from './sequence-diagram.ts'

const timeline: TimelineEntry[] = [
  { actor: 'host', target: 'partner', what: 'POST /demo/api/session → 201' },
  { actor: 'host', target: 'buy-button·abcd', what: 'ack' },
  { actor: 'frame:buy-button·abcd', target: 'buy-button·abcd', what: 'complete', detail: { status: 'pending' } },
  { actor: 'browser', target: 'customer', what: 'taps <Pay>' },
  { actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 503', tone: 'failure' },
]
const panel = sequenceDiagramPanel(timeline, new Map([['buy-button·abcd', { colour: 2 }]]))
/** The opening tags of the panel's SVGs, heads first. */
const svgs = () => [...panel.matchAll(/<svg [^>]*>/g)].map((match) => match[0])
const heads = () => /<div class="seq-heads">([\s\S]*?)<\/div>/.exec(panel)![1]!
const body = () => /<svg [^>]*class="seq seq-body"[^>]*>([\s\S]*?)<\/svg>/.exec(panel)![1]!

describe('the demo page diagram panel', () => {
  it('draws the lane names in an SVG of their own above the arrows, which are in another', () => {
    expect([...heads().matchAll(/class="head"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      'partner server',
      'sandbox API',
      'host page',
      'buy-button·abcd',
      'customer',
    ])
    expect(body()).not.toContain('class="head"')
    expect(body()).toContain('marker-end="url(#seq-head-failure)"')
    expect(heads()).not.toContain('marker-end')
  })

  it('scales both SVGs alike: the same width, width 100% and never beyond their own size', () => {
    const [top, rest] = svgs()
    const width = 20 + 5 * DIAGRAM.column
    expect(top).toContain(`viewBox="0 0 ${width} ${DIAGRAM.headsBottom}"`)
    expect(rest).toMatch(new RegExp(`viewBox="0 ${DIAGRAM.headsBottom} ${width} \\d+"`))
    for (const svg of [top, rest])
      expect(svg).toContain(`width="100%" preserveAspectRatio="xMinYMin meet" style="max-width:${width}px"`)
  })

  it('lists every message as one row: from → to, then the whole label, toned as the arrow', () => {
    const rows = [...panel.matchAll(/<li([^>]*)>(.*?)<\/li>/g)].map(([, attributes, row]) => [
      attributes,
      row!.replace(/<[^>]+>/g, ''),
    ])
    expect(rows).toEqual([
      ['', 'host page → partner server POST /demo/api/session → 201'],
      ['', 'host page → buy-button·abcd ack'],
      ['', 'buy-button·abcd → host page complete (status: pending)'],
      ['', 'customer taps &lt;Pay&gt;'],
      [' class="failure"', 'host page → sandbox API POST /platform/v1/quotes/buy → 503'],
    ])
  })

  it('names the lanes and counts the messages for a screen reader', () => {
    const [top, rest] = svgs()
    expect(top).toContain('aria-label="lanes: partner server, sandbox API, host page, buy-button·abcd, customer"')
    expect(rest).toContain('aria-label="sequence diagram, 5 messages"')
  })
})
