import type { FramePageConfig } from '#portable/frames/frame-page-config.ts'

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * What paints before the stylesheet loads, so a dark frame never flashes white: the colour scheme as a meta tag and
 * the page background for the dark theme (the stylesheet's values; CSP `style-src 'unsafe-inline'` allows it).
 */
const EARLY_STYLE =
  '<style>:root[data-theme="dark"]{background:#15161a;color-scheme:dark}@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){background:#15161a}}</style>'

/** The `<html>` attributes and colour-scheme meta of a page of `theme` (the frame's `theme` parameter, or none: the system's). */
function themeHead(theme: 'dark' | 'light' | undefined): { htmlAttributes: string; meta: string } {
  if (!theme) return { htmlAttributes: '', meta: '<meta name="color-scheme" content="light dark">' }
  return { htmlAttributes: ` data-theme="${theme}"`, meta: `<meta name="color-scheme" content="${theme}">` }
}

/**
 * The HTML of a frame page: a root the script renders into, the config, and,
 * for a frame that cannot start, a readable account of what is wrong.
 */
export function framePageHtml(config: FramePageConfig, title: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c')
  const problems = config.error
    ? `<main class="problem" role="alert"><h1>This frame cannot start</h1><p>${escapeHtml(config.error.message)}</p>${
        config.error.fields?.length
          ? `<ul>${config.error.fields.map((f) => `<li><code>${escapeHtml(f.field)}</code>: ${escapeHtml(f.message)}</li>`).join('')}</ul>`
          : ''
      }<p class="code">code: <code>${escapeHtml(config.error.code)}</code></p></main>`
    : '<main id="frame-root" aria-live="polite"></main>'
  const head = themeHead(config.appearance.theme)
  return `<!doctype html>
<html lang="en"${head.htmlAttributes}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${head.meta}${EARLY_STYLE}
<title>${escapeHtml(title)}</title><link rel="icon" href="data:,"><link rel="stylesheet" href="/__frames/frame.css"></head>
<body data-frame="${escapeHtml(config.frame)}">${problems}
<script type="application/json" id="frame-config">${json}</script>
<script type="module" src="/__frames/app.js"></script></body></html>`
}
