import { DIAGRAM, drawDiagram, type LaneStyle, type TimelineEntry } from './sequence-diagram.ts'
import { SEQUENCE_SVG_STYLE } from './sequence-diagram-style.ts'

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/** The SVG attributes that scale a part down to its box and never up: both parts share them, so they scale alike. */
const scaled = (width: number, top: number, height: number) =>
  `xmlns="http://www.w3.org/2000/svg" viewBox="0 ${top} ${width} ${height}" width="100%" preserveAspectRatio="xMinYMin meet" style="max-width:${width}px"`

/**
 * A timeline as the demo page shows it: the lane heads in their own SVG (`.seq-heads`, which the page pins while the
 * rest scrolls under it), the lifelines, arrows and notes in another (`svg.seq-body`, the same width, so both scale
 * alike), and the same messages as a list (`ol.seq-list`, one row per message: from → to, label), which a narrow
 * page shows instead of the drawing. `lanes` styles the frames' lanes (hidden, palette colour) by lane id.
 *
 * @example
 * diagram.innerHTML = sequenceDiagramPanel([{ actor: 'host', target: 'api', what: 'POST /platform/v1/quotes/buy → 200' }])
 */
export function sequenceDiagramPanel(
  timeline: TimelineEntry[],
  lanes: ReadonlyMap<string, LaneStyle> = new Map(),
): string {
  const drawing = drawDiagram(timeline, lanes)
  const { width, height } = drawing
  const top = DIAGRAM.headsBottom
  const rows = drawing.messages.map((m) => {
    const tone = m.tone ? ` class="${m.tone}"` : ''
    const who = m.note
      ? `<span class="seq-from">${escapeHtml(m.from)}</span>`
      : `<span class="seq-from">${escapeHtml(m.from)}</span> → <span class="seq-to">${escapeHtml(m.to)}</span>`
    return `<li${tone}>${who} <span class="seq-what">${escapeHtml(m.label)}</span></li>`
  })
  return `<div class="seq-heads"><svg ${scaled(width, 0, top)} class="seq" role="img" aria-label="lanes: ${escapeHtml(drawing.lanes.join(', '))}">
<style>${SEQUENCE_SVG_STYLE}</style>
${drawing.heads}
</svg></div><svg ${scaled(width, top, height - top)} class="seq seq-body" role="img" aria-label="sequence diagram, ${drawing.messages.length} messages">
${drawing.body}
</svg><ol class="seq-list" aria-label="sequence diagram as a list">${rows.join('')}</ol>`
}
