import { browserBundle } from '../../bundles/browser-bundle.ts'

const STYLE = `
:root { color-scheme: light dark; --brand: #5b3cf5; --radius: 10px; --bg: #ffffff; --text: #15161a; --muted: #5f6470; --surface: #f3f4f7; }
@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { --bg: #15161a; --text: #f3f4f7; --muted: #b4b8c2; --surface: #23252c; } }
:root[data-theme="dark"] { color-scheme: dark; --bg: #15161a; --text: #f3f4f7; --muted: #b4b8c2; --surface: #23252c; }
:root[data-theme="light"] { color-scheme: light; }
body { margin: 0; font: 16px/1.45 system-ui, sans-serif; background: var(--bg); color: var(--text); }
main { padding: 16px; max-width: 420px; margin: 0 auto; }
h1 { font-size: 1.15rem; margin: 0 0 8px; }
p { color: var(--muted); margin: 0 0 12px; }
form { display: grid; gap: 8px; margin: 0 0 10px; }
label { display: grid; gap: 4px; font-size: .9rem; }
input { font: inherit; padding: 10px; border-radius: var(--radius); border: 1px solid var(--muted); background: var(--surface); color: var(--text); }
button { font: inherit; font-weight: 600; padding: 11px 14px; border: 0; border-radius: var(--radius); background: var(--brand); color: #fff; cursor: pointer; }
button.secondary { background: var(--surface); color: var(--text); }
button:focus-visible, input:focus-visible { outline: 3px solid var(--brand); outline-offset: 2px; }
.message { color: #b3261e; } .problem code { background: var(--surface); padding: 0 4px; border-radius: 4px; }
`

/** The frame page's script (bundled once, on first request) and style. */
export function frameAssets() {
  return { style: STYLE, script: () => browserBundle('frames/page/frame-app.ts') }
}
