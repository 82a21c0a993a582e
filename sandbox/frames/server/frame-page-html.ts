import type { FramePageConfig } from '../frame-page-config.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The HTML of a frame page: a root the script renders into, the config, and,
 * for a frame that cannot start, a readable account of what is wrong.
 */
export function framePageHtml(config: FramePageConfig, title: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const problems = config.error
    ? `<main class="problem" role="alert"><h1>This frame cannot start</h1><p>${escapeHtml(config.error.message)}</p>${
        config.error.fields?.length ? `<ul>${config.error.fields.map((f) => `<li><code>${escapeHtml(f.field)}</code>: ${escapeHtml(f.message)}</li>`).join('')}</ul>` : ''
      }<p class="code">code: <code>${escapeHtml(config.error.code)}</code></p></main>`
    : '<main id="frame-root" aria-live="polite"></main>'
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/__frames/frame.css"></head>
<body data-frame="${escapeHtml(config.frame)}">${problems}
<script type="application/json" id="frame-config">${json}</script>
<script type="module" src="/__frames/app.js"></script></body></html>`
}
