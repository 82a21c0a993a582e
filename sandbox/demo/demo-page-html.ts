import { DEMO_FLOWS } from '#portable/demo/demo-flow-labels.ts'
import { DEMO_LOG_STYLE } from './demo-log-style.ts'
import { DEMO_RUNS_STYLE } from './demo-runs-style.ts'

/** What the demo page is told about the sandbox (public values only: never a secret key). */
interface DemoPageConfig {
  apiOrigin: string
  framesOrigin: string
  account: string
  seed: number
}

/** The flow the page opens with: one the viewer takes part in (tap, confirm), not one that is over at once. */
const DEFAULT_FLOW = 'card-buy'

const STYLE = `
:root { color-scheme: light; --bg: #ffffff; --panel: #f4f5f7; --text: #14161a; --muted: #4a5060; --border: #c5c9d3; --accent: #3730a3; --accent-text: #ffffff; --diagram-text: #222; --failure: #b91c1c; --webhook: #0f766e; }
:root[data-theme="dark"] { color-scheme: dark; --bg: #0f1115; --panel: #1b1e25; --text: #eef0f4; --muted: #b4bac6; --border: #3a3f4b; --accent: #a5b4fc; --accent-text: #0f1115; --diagram-text: #e5e7eb; --failure: #fca5a5; --webhook: #5eead4; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
header { padding: 8px 16px; border-bottom: 1px solid var(--border); }
h1 { font-size: 18px; margin: 0; } h2 { font-size: 15px; margin: 0 0 8px; }
header p { margin: 2px 0 0; color: var(--muted); }
main { display: grid; gap: 12px; padding: 12px; grid-template-columns: minmax(0, 1fr); grid-template-areas: "setup" "frames" "diagram" "log"; }
#setup-panel { grid-area: setup; } #frames-panel { grid-area: frames; } #diagram-panel { grid-area: diagram; } #log-panel { grid-area: log; }
@media (min-width: 760px) { main { grid-template-columns: 270px minmax(0, 1fr); grid-template-rows: auto 1fr; grid-template-areas: "setup frames" "setup diagram" "log log"; align-items: start; } }
@media (min-width: 1200px) and (min-height: 640px) {
  body { height: 100vh; display: flex; flex-direction: column; }
  main { flex: 1 1 auto; min-height: 0; align-items: stretch; grid-template-columns: 260px minmax(340px, 400px) minmax(0, 1fr); grid-template-rows: minmax(0, 3fr) minmax(0, 2fr); grid-template-areas: "setup frames diagram" "setup frames log"; }
  main > section.panel { overflow: auto; }
  #diagram-panel, #log-panel { display: flex; flex-direction: column; }
  #diagram, #log { flex: 1 1 auto; min-height: 0; max-height: none; }
}
#live-banner { display: none; margin: 6px 0 0; padding: 6px 10px; border-radius: 6px; background: #b91c1c; color: #ffffff; font-weight: 600; }
#live-banner strong { letter-spacing: .08em; margin-right: 6px; }
:root:has(#mode option[value="live"]:checked) #live-banner { display: block; }
:root:has(#mode option[value="live"]:checked) body { box-shadow: inset 0 4px 0 #b91c1c; }
details.group { border: 1px solid var(--border); border-radius: 6px; margin: 10px 0 0; padding: 4px 8px; }
details.group > summary { font-weight: 600; cursor: pointer; }
details.group > fieldset { border: 0; margin: 0; padding: 0 0 4px; }
details.group > fieldset > legend { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
:root { --success: #15803d; --pending: #b45309; }
:root[data-theme="dark"] { --success: #86efac; --pending: #fcd34d; }
#status { overflow-wrap: anywhere; }
ol.hint { margin: 8px 0 0; padding-left: 20px; display: flex; flex-wrap: wrap; gap: 4px 24px; }
ol.hint li { padding-left: 2px; }
#outcome { margin: 0 0 10px; padding: 8px 10px; border: 1px solid var(--border); border-left: 6px solid var(--muted); border-radius: 6px; background: var(--bg); overflow-wrap: anywhere; }
#outcome[data-outcome="success"] { border-left-color: var(--success); }
#outcome[data-outcome="failure"] { border-left-color: var(--failure); }
#outcome[data-outcome="cancelled"], #outcome[data-outcome="pending"] { border-left-color: var(--pending); }
#outcome[data-outcome="failure"] strong { color: var(--failure); }
.frames-head { display: flex; justify-content: space-between; align-items: baseline; gap: 8px; }
.frames-head button { margin: 0; }
section.panel { position: relative; background: var(--panel); border: 1px solid var(--border); border-radius: 8px; padding: 12px; min-width: 0; }
label { display: block; margin: 8px 0 2px; font-weight: 600; }
input, select, textarea, button { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--border); border-radius: 6px; padding: 6px 8px; max-width: 100%; }
input, select, textarea { width: 100%; }
button { cursor: pointer; margin: 6px 6px 0 0; }
button:disabled { opacity: 0.6; cursor: default; }
button.primary { background: var(--accent); color: var(--accent-text); border-color: var(--accent); font-weight: 600; }
:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
fieldset { border: 1px solid var(--border); border-radius: 6px; margin: 10px 0 0; padding: 4px 8px 8px; }
legend { font-weight: 600; }
#frames iframe { width: 100%; border: 1px solid var(--border); border-radius: 6px; background: var(--bg); }
#status { min-height: 1.5em; color: var(--muted); }
.row { display: flex; flex-wrap: wrap; gap: 6px; align-items: end; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`

const escapeHtml = (value: string) =>
  value.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)

/**
 * The demo page: flow and customer pickers, controls, the frames' container,
 * and the live event log with its sequence diagram. `app.js` does the rest.
 *
 * @example
 * demoPageHtml({ apiOrigin: 'http://127.0.0.1:4010', framesOrigin: 'http://127.0.0.1:4011', account: 'demo', seed: 1 })
 */
export function demoPageHtml(config: DemoPageConfig): string {
  const options = Object.entries(DEMO_FLOWS)
    .map(
      ([id, label]) => `<option value="${id}"${id === DEFAULT_FLOW ? ' selected' : ''}>${escapeHtml(label)}</option>`,
    )
    .join('')
  return `<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>ramp-sandbox demo</title><link rel="icon" href="data:,"><style>${STYLE}${DEMO_LOG_STYLE}${DEMO_RUNS_STYLE}</style></head><body>
<header><h1>ramp-sandbox demo: a partner app</h1>
<p>This page is a partner's app. Its server part creates sessions with the secret key; the page uses the browser client and publishable key only.</p>
<ol class="hint" aria-label="how to use the demo"><li>Pick a flow and a customer.</li><li>Run it.</li><li>Use the frames; watch the log and the diagram.</li></ol>
<p id="live-banner" role="alert"><strong>LIVE</strong>A live key is in use: pk_live_${escapeHtml(config.account)} on this page, and the live secret key on its server. Against the real service this moves real money; the sandbox's live tenant makes no payment, and its frames show no TEST MODE badge.</p></header>
<main>
<section class="panel" id="setup-panel" aria-labelledby="setup-title"><h2 id="setup-title">Flow</h2>
<label for="flow">Flow</label><select id="flow">${options}</select>
<label for="customer">Customer (from /__sandbox/fixtures)</label><select id="customer"><option value="">loading…</option></select>
<label for="custom-email">Custom email (optional)</label><input id="custom-email" type="email" autocomplete="off">
<label for="custom-phone">Custom phone (optional)</label><input id="custom-phone" type="tel" autocomplete="off">
<label for="amount">Amount (USD; 48 and 49 are challenge triggers, 41.13–52.13 sandbox ones)</label><input id="amount" type="number" min="1" step="0.01" value="100">
<button id="run" class="primary" type="button">Run flow</button>
<p id="status" role="status" aria-live="polite"></p>
<details class="group" open><summary>Appearance</summary><fieldset><legend>Appearance</legend>
<label for="theme">Theme</label><select id="theme"><option value="light">light</option><option value="dark">dark</option></select>
<label for="brand">Brand colour</label><input id="brand" type="color" value="#3730a3">
<label for="custom-theme">Custom theme (JSON, optional)</label><textarea id="custom-theme" rows="2" placeholder='{"borderRadius":8}'></textarea>
</fieldset></details>
<details class="group" open><summary>Tenant</summary><fieldset><legend>Tenant</legend>
<label for="mode">Key</label><select id="mode"><option value="test">test (pk_test_${escapeHtml(config.account)})</option><option value="live">live (pk_live_${escapeHtml(config.account)})</option></select>
<label for="seed">Seed (fixed when the server starts)</label><input id="seed" value="${config.seed}" readonly>
<div class="row"><div><label for="advance-by">Advance clock by (a buy quote lives 30 s)</label><input id="advance-by" value="1m" size="6"></div><button id="advance" type="button">Advance</button></div>
<div class="row"><div><label for="fault-status">Fault: next buy quote answers</label><input id="fault-status" type="number" value="503" min="400" max="599"></div><button id="fault" type="button">Inject fault</button></div>
<button id="reset-tenant" type="button">Reset the tenant</button>
</fieldset></details>
</section>
<section class="panel" id="frames-panel" aria-labelledby="frames-title"><div class="frames-head"><h2 id="frames-title">Frames</h2><button id="close-frames" type="button" disabled>Close the frames</button></div>
<div id="outcome" role="status" aria-live="polite" hidden></div>
<div id="partner-ui"></div><div id="frames"></div></section>
<section class="panel" id="diagram-panel" aria-labelledby="diagram-title"><h2 id="diagram-title">Sequence diagram</h2>
<div id="diagram" role="region" tabindex="0" aria-label="sequence diagram of the log"></div></section>
<section class="panel" id="log-panel" aria-labelledby="log-title"><h2 id="log-title">Event log</h2>
<div class="row"><button id="copy-json" type="button">Copy as JSON</button><button id="copy-scenario" type="button">Copy as scenario</button><button id="clear-log" type="button">Clear</button></div>
<ol id="log" tabindex="0" aria-label="event log"></ol>
<label for="copied" class="visually-hidden">Copied text</label><textarea id="copied" class="visually-hidden" readonly></textarea>
</section>
</main>
<script>window.DEMO_CONFIG = ${JSON.stringify({ apiOrigin: config.apiOrigin, framesOrigin: config.framesOrigin, account: config.account }).replace(/</g, '\\u003c')}</script>
<script type="module" src="/demo/app.js"></script>
</body></html>`
}
