import { browserBundle } from '#bundles/browser-bundle.ts'

const STYLE = `
:root { color-scheme: light dark; --brand: #5b3cf5; --radius: 10px; --bg: #ffffff; --text: #15161a; --muted: #5f6470; --surface: #f3f4f7; --error: #b3261e; --focus: #3b1fd6; }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --bg: #15161a; --text: #f3f4f7; --muted: #b4b8c2; --surface: #23252c; --error: #ff8a80; --focus: #c4b5ff; } }
:root[data-theme="dark"] { color-scheme: dark; --bg: #15161a; --text: #f3f4f7; --muted: #b4b8c2; --surface: #23252c; --error: #ff8a80; --focus: #c4b5ff; }
:root[data-theme="light"] { color-scheme: light; --bg: #ffffff; --text: #15161a; --muted: #5f6470; --surface: #f3f4f7; --error: #b3261e; --focus: #3b1fd6; }
html { background: var(--bg); }
body { margin: 0; font: 16px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
main { padding: 16px; max-width: 420px; margin: 0 auto; }
h1 { font-size: 1.15rem; margin: 0 0 8px; }
h1:focus { outline: none; } h1:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
p { color: var(--muted); margin: 0 0 12px; }
form { display: grid; gap: 8px; margin: 0 0 10px; }
label { display: grid; gap: 4px; font-size: .9rem; }
input { font: inherit; padding: 10px; border-radius: var(--radius); border: 1px solid var(--muted); background: var(--surface); color: var(--text); }
input[aria-invalid="true"] { border: 2px solid var(--error); }
form p { margin: -4px 0 4px; font-size: .85rem; }
p.error, .error { color: var(--error); font-weight: 600; }
button { font: inherit; font-weight: 600; padding: 11px 14px; border: 0; border-radius: var(--radius); background: var(--brand); color: #fff; cursor: pointer; }
button.secondary { background: var(--surface); color: var(--text); border: 1px solid var(--muted); }
button:focus-visible, input:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; box-shadow: 0 0 0 2px var(--bg); }
dl.details { display: grid; gap: 4px; margin: 0 0 12px; padding: 10px 12px; border-radius: var(--radius); background: var(--surface); }
dl.details div { display: flex; justify-content: space-between; gap: 12px; }
dl.details dt { color: var(--muted); } dl.details dd { margin: 0; font-weight: 600; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; text-align: right; }
aside.hints { border: 1px dashed var(--muted); border-radius: var(--radius); padding: 8px 12px; font-size: .85rem; color: var(--muted); }
aside.hints ul { margin: 0; padding-left: 18px; }
.test-badge { position: sticky; top: 0; z-index: 1; width: max-content; margin: 8px auto 0; padding: 2px 10px; border-radius: 999px; background: #ffd54f; color: #3d2c00; font: 700 .72rem/1.6 system-ui, sans-serif; letter-spacing: .08em; }
.message { color: var(--error); } .problem code { background: var(--surface); padding: 0 4px; border-radius: 4px; }
`

/** The frame page's script (bundled once, on first request) and style. */
export function frameAssets() {
  return { style: STYLE, script: () => browserBundle('frame-page/frame-app.ts') }
}
