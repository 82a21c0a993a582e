/** What the page script needs, embedded as JSON in the page. */
export interface FramePageConfig {
  frame: string
  channelId: string | null
  params: Record<string, unknown>
  ticket: string | null
  /** The tenant the frame acts for (`account:mode`), when it can start: names its browser-side state. */
  tenant: string | null
  allowedOrigins: string[]
  /** Set when the frame cannot start: posted as an `error` event after the ack. */
  error?: { code: string; message: string; fields?: Array<{ field: string; message: string }> }
  appearance: { theme?: 'dark' | 'light'; brandColor?: string; borderRadius?: number; palette?: Record<string, string> }
}

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
