/**
 * The frame palette: one colour per frame, assigned by order of appearance (index modulo the length), each readable
 * as text on the light and on the dark panel (≥ 4.5:1). The page exposes them as `--frame-0` … (demo-log-style.ts).
 *
 * @example
 * FRAME_PALETTE[0] // { light: '#1d4ed8', dark: '#93c5fd' }
 */
export const FRAME_PALETTE: ReadonlyArray<{ light: string; dark: string }> = [
  { light: '#1d4ed8', dark: '#93c5fd' },
  { light: '#7e22ce', dark: '#d8b4fe' },
  { light: '#047857', dark: '#6ee7b7' },
  { light: '#be185d', dark: '#f9a8d4' },
  { light: '#0e7490', dark: '#67e8f9' },
  { light: '#57534e', dark: '#d6d3d1' },
]

const tones = [
  ['webhook', '#0f766e'],
  ['failure', '#b91c1c'],
  ['cancelled', '#b45309'],
] as const

/**
 * The sequence diagram's own styles, scoped to `svg.seq`: colours come from the page's CSS variables (both themes),
 * with light fallbacks so the diagram reads on its own (the Playwright report's HTML page).
 *
 * @example
 * `<svg class="seq"><style>${SEQUENCE_SVG_STYLE}</style>…</svg>`
 */
export const SEQUENCE_SVG_STYLE = [
  `.seq text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }`,
  `.seq .box { fill: var(--lane-bg, #eef2ff); stroke: var(--lane-border, #6366f1); }`,
  `.seq .head { text-anchor: middle; font-size: 12px; font-weight: 600; fill: var(--lane-text, #111); }`,
  `.seq .note { fill: var(--note-bg, #fff7d6); stroke: #d4a017; }`,
  `.seq .label { text-anchor: middle; font-size: 11px; fill: var(--diagram-text, #222); paint-order: stroke; stroke: var(--diagram-bg, #fff); stroke-width: 3px; stroke-linejoin: round; }`,
  `.seq .life { stroke: #888; stroke-dasharray: 4 4; } .seq .tip { fill: #888; }`,
  `.seq .call { stroke: var(--diagram-text, #222); } .seq .reply { stroke: var(--reply, #6366f1); stroke-dasharray: 6 3; }`,
  ...tones.map(
    ([tone, colour]) =>
      `.seq line.${tone} { stroke: var(--${tone}, ${colour}); stroke-width: 1.5; } .seq .tip.${tone}, .seq .label.${tone} { fill: var(--${tone}, ${colour}); }`,
  ),
  ...FRAME_PALETTE.map(
    ({ light }, i) => `.seq .box.frame-${i} { stroke: var(--frame-${i}, ${light}); stroke-width: 2.5; }`,
  ),
].join('\n')
