import { FRAME_PALETTE } from '#portable/demo/sequence-diagram-style.ts'

const palette = (theme: 'light' | 'dark') =>
  FRAME_PALETTE.map((colours, i) => `--frame-${i}: ${colours[theme]};`).join(' ')

/**
 * The CSS of the demo's event log (`#log`, rows as columns) and its sequence diagram (`#diagram`: lane heads pinned
 * while the arrows scroll under them; at 640 px and less, the messages as a list instead), both themes.
 * Variables it adds beside the page's (`--failure`, `--webhook`, `--diagram-text`, `--panel`, `--border`, `--muted`):
 * `--cancelled`, `--frame-0` … `--frame-5`, `--lane-bg`, `--lane-border`, `--lane-text`, `--note-bg`, `--reply`, `--diagram-bg`.
 *
 * @example
 * `<style>${PAGE_STYLE}${DEMO_LOG_STYLE}</style>`
 */
export const DEMO_LOG_STYLE = `
:root { --cancelled: #b45309; --lane-bg: #eef2ff; --lane-border: #6366f1; --lane-text: #111111; --note-bg: #fff7d6; --reply: #6366f1; --diagram-bg: var(--panel, #ffffff); ${palette('light')} }
:root[data-theme="dark"] { --cancelled: #fcd34d; --lane-bg: #262a35; --lane-border: #818cf8; --lane-text: #eef0f4; --note-bg: #3b3415; --reply: #a5b4fc; ${palette('dark')} }
#log { list-style: none; margin: 0; padding: 0; max-height: 420px; overflow: auto; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
#log li { border-bottom: 1px solid var(--border); padding: 3px 4px 3px 6px; }
#log li[data-tone="failure"] { box-shadow: inset 3px 0 0 var(--failure); }
#log li[data-tone="cancelled"] { box-shadow: inset 3px 0 0 var(--cancelled); }
#log summary { display: block; cursor: pointer; list-style: none; }
#log summary::-webkit-details-marker { display: none; }
#log .cells { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0 1ch; }
#log .cells::before { content: ""; width: 1.5ch; flex: none; }
#log summary .cells::before { content: "▸" / ""; }
#log details[open] > summary .cells::before { content: "▾" / ""; }
#log .time { width: 8ch; flex: none; text-align: right; color: var(--muted); }
#log .badge { width: 11ch; flex: none; font-size: 11px; text-align: center; border: 1px solid var(--border); border-radius: 4px; color: var(--muted); }
#log .badge.dir-in, #log .badge.dir-out { color: var(--accent); }
#log .badge.dir-webhook { color: var(--webhook); }
#log .channel { width: 15ch; flex: none; overflow-wrap: anywhere; }
#log .frame { width: 11ch; flex: none; font-weight: 700; overflow-wrap: anywhere; }
${FRAME_PALETTE.map((_, i) => `#log .frame-${i} { color: var(--frame-${i}); }`).join('\n')}
#log .kind-cell { flex: 1 1 16ch; min-width: 0; overflow-wrap: anywhere; }
#log .kind { font-weight: 700; }
#log .dir-webhook .kind { color: var(--webhook); }
#log .outcome { color: var(--muted); }
#log .tag-hidden { font-size: 11px; border: 1px dashed var(--muted); border-radius: 4px; padding: 0 3px; color: var(--muted); }
#log li[data-tone="failure"] .kind, #log li[data-tone="failure"] .outcome { color: var(--failure); }
#log li[data-tone="cancelled"] .kind, #log li[data-tone="cancelled"] .outcome { color: var(--cancelled); }
#log pre { white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; max-width: 100%; margin: 4px 0 4px 2.5ch; }
@media (max-width: 640px) { #log .time, #log .badge, #log .channel, #log .frame { width: auto; } #log .kind-cell { flex-basis: 100%; padding-left: 2.5ch; } }
#diagram { overflow: auto; max-height: 480px; margin-top: 8px; border-top: 1px solid var(--border); background: var(--diagram-bg); }
#diagram svg { display: block; width: 100%; height: auto; }
#diagram .seq-heads { position: sticky; top: 0; z-index: 1; background: var(--diagram-bg); }
#diagram .seq-list { display: none; list-style: none; margin: 0; padding: 0; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
#diagram .seq-list li { padding: 4px 6px; border-bottom: 1px solid var(--border); overflow-wrap: anywhere; }
#diagram .seq-from, #diagram .seq-to { font-weight: 700; }
#diagram .seq-what { display: block; padding-left: 2ch; }
#diagram .seq-list li.webhook .seq-what { color: var(--webhook); }
#diagram .seq-list li.failure { box-shadow: inset 3px 0 0 var(--failure); } #diagram .seq-list li.failure .seq-what { color: var(--failure); }
#diagram .seq-list li.cancelled { box-shadow: inset 3px 0 0 var(--cancelled); } #diagram .seq-list li.cancelled .seq-what { color: var(--cancelled); }
@media (max-width: 640px) { #diagram .seq-heads, #diagram .seq-body { display: none; } #diagram .seq-list { display: block; } }
`
