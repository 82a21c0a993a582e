/**
 * The CSS of what the demo shows per run: the earlier runs folded below the log (`.earlier-runs`, a `<details>` each,
 * rows as plain lines), a row's transaction and the customer's acts in the log, and the banner's receipt and its
 * “Settle now” (`#outcome .receipt`). It reads the page's and the log's variables (`--muted`, `--border`, `--webhook`).
 *
 * @example
 * `<style>${PAGE_STYLE}${DEMO_LOG_STYLE}${DEMO_RUNS_STYLE}</style>`
 */
export const DEMO_RUNS_STYLE = `
#log .transaction { color: var(--webhook); }
#log .badge.dir-customer { color: var(--cancelled); }
.earlier-runs { margin-top: 8px; font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.earlier-runs details.run { border-top: 1px solid var(--border); padding: 2px 0; }
.earlier-runs summary { cursor: pointer; overflow-wrap: anywhere; }
.earlier-runs .run-title { font-weight: 700; }
.earlier-runs .run-outcome { color: var(--muted); }
.earlier-runs ol.run-log { list-style: none; margin: 4px 0; padding: 0 0 0 2ch; max-height: 240px; overflow: auto; }
.earlier-runs .cells { display: flex; flex-wrap: wrap; gap: 0 1ch; }
.earlier-runs pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 2px 0 2px 2ch; }
.earlier-runs .run-diagram { overflow: auto; max-height: 320px; }
.earlier-runs .run-diagram svg { display: block; width: 100%; height: auto; }
#outcome .receipt { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 0 12px; margin: 6px 0 0; font-size: 13px; }
#outcome .receipt dt { color: var(--muted); }
#outcome .receipt dd { margin: 0; overflow-wrap: anywhere; }
`
