// The script of every frame page, in the browser: run the frame's machine, talk to the host (a web page by postMessage,
// or a React Native app through its WebView's bridge: host-port.ts).
import { Envelope, FrameInbound, type FrameOutbound } from '#contract/frames/index.ts'
import { createFrameRuntime, type FrameRuntime } from '#portable/frames/frame-runtime.ts'
import type { FrameEffect } from '#portable/frames/machine.ts'
import { effectPath, effectResultOfAnswer, type EffectResult } from '#portable/frames/effect-results.ts'
import { frameMachines } from '#portable/frames/machines/index.ts'
import { browserStorage, forgetConnection, rememberConnection } from './connection-memory.ts'
import type { FramePageConfig } from '#portable/frames/frame-page-config.ts'
import { renderView } from './render-view.ts'
import { SDK_INTERNAL_KINDS, SetThemeMessage } from '#contract/frames/sdk-internal.ts'
import { followContentHeight, showTestModeBadge } from './frame-chrome.ts'
import { hostPort } from './host-port.ts'

const config = JSON.parse(document.getElementById('frame-config')!.textContent!) as FramePageConfig

function applyAppearance(): void {
  const root = document.documentElement
  const { theme, brandColor, borderRadius, palette } = config.appearance
  if (theme) root.dataset.theme = theme
  if (brandColor ?? palette?.primary) root.style.setProperty('--brand', (palette?.primary ?? brandColor)!)
  if (borderRadius !== undefined) root.style.setProperty('--radius', `${borderRadius}px`)
  if (palette?.background) root.style.setProperty('--bg', palette.background)
  if (palette?.text) root.style.setProperty('--text', palette.text)
}

async function postJson(path: string, body: unknown): Promise<unknown> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return response.status === 204 ? null : response.json()
}

/**
 * Posts an effect to its path on the frames origin and reads the answer as an in-process frame does
 * (`effectResultOfAnswer`): a faulted or refused call, or a dropped connection, is the effect failing, so the machine
 * shows its failure view and posts `error`.
 */
async function postEffect(effect: FrameEffect): Promise<EffectResult> {
  let response: Response
  try {
    response = await fetch(effectPath(effect.type), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ticket: config.ticket, effect }),
    })
  } catch {
    return effectResultOfAnswer(effect.type, 'network-error')
  }
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  return effectResultOfAnswer(effect.type, { status: response.status, body })
}

let journaled: Promise<unknown> = Promise.resolve()

/**
 * Journals a message on the server, one request after the other, so the journal keeps this frame's order (a recording
 * replays it). Resolves once the server has it (or could not take it).
 */
function journal(direction: 'out' | 'in' | 'dropped' | 'action', message: unknown): Promise<unknown> {
  const ticket = config.ticket
  if (ticket)
    journaled = journaled.then(() => postJson('/__frames/event', { ticket, direction, message })).catch(() => undefined)
  return journaled
}

applyAppearance()
showTestModeBadge(config.tenant)
const port = hostPort(config.allowedOrigins)
const channelId = config.channelId
if (port !== undefined && channelId !== null) {
  const envelope = (message: { kind: string; payload?: unknown }) =>
    JSON.stringify({ version: 2, meta: { channelId }, ...message })
  // The host hears of an event only once the journal has it, in order: a test that saw `complete` on the page finds it
  // in the tenant's journal when it reads it next, never a moment later (docs/decisions/0056-journal-before-host.md).
  const send = (event: FrameOutbound) => {
    void journal('out', event).then(() => port.post(envelope(event)))
  }
  const machine = frameMachines[config.frame as keyof typeof frameMachines]
  let runtime: FrameRuntime<{ type: string }> | undefined
  const render = () =>
    runtime &&
    renderView(document.getElementById('frame-root'), runtime.view(), (action) => {
      runtime!.act(action)
      render()
    })
  let acked = false
  let sizing = false
  if (!config.error && machine) {
    const tenant = config.tenant!
    runtime = createFrameRuntime(machine, config.params as never, {
      post: (event) => {
        rememberConnection(browserStorage(), tenant, config.frame, event)
        send(event)
        render()
      },
      received: (message) => journal('in', message),
      acted: (action) => journal('action', action),
      runEffect: async (effect: FrameEffect) => {
        // The reset frame's logout in the browser: the page clears the customer its frames remembered and tells the server what it cleared.
        const sent =
          effect.type === 'auth.reset'
            ? { ...effect, browserState: forgetConnection(browserStorage(), tenant) }
            : effect
        const result = await postEffect(sent)
        setTimeout(render)
        return result
      },
    })
  }
  /** Journals a message from the host that is not taken, with the host's origin (none for a React Native app). */
  const drop = (reason: string) => void journal('dropped', { origin: port.origin, reason })
  port.listen(
    (data) => {
      let parsed
      try {
        parsed = Envelope.safeParse(JSON.parse(data))
      } catch {
        return drop('not JSON')
      }
      if (!parsed.success || parsed.data.meta.channelId !== channelId) return drop('not an envelope of this channel')
      // SDK-internal (decision record 0072): not an event of the spec, so neither the runtime nor the journal sees it.
      if (SDK_INTERNAL_KINDS.has(parsed.data.kind)) {
        const theme = SetThemeMessage.safeParse({ kind: parsed.data.kind, payload: parsed.data.payload })
        if (!theme.success)
          return drop(
            `bad ${parsed.data.kind}: ${theme.error.issues[0]?.path.join('.')} ${theme.error.issues[0]?.message}`,
          )
        document.documentElement.dataset.theme = theme.data.payload.theme
        document.querySelector('meta[name="color-scheme"]')?.setAttribute('content', theme.data.payload.theme)
        return
      }
      const message = FrameInbound.safeParse({
        kind: parsed.data.kind,
        ...(parsed.data.payload === undefined ? {} : { payload: parsed.data.payload }),
      })
      if (!message.success) return drop(`unknown message ${parsed.data.kind}`)
      // The frame posts nothing but its handshake before the ack: its height follows from the first ack on.
      if (message.data.kind === 'ack' && !sizing) {
        sizing = true
        followContentHeight((height) => port.post(envelope({ kind: 'resize', payload: { height } })))
      }
      if (runtime) {
        runtime.receive(message.data)
        render()
      } else if (message.data.kind === 'ack' && !acked) {
        acked = true
        journal('in', message.data)
        send({
          kind: 'error',
          payload: config.error ?? { code: 'unsupported_frame', message: `the ${config.frame} frame is not available` },
        })
      }
    },
    (details) => void journal('dropped', details),
  )
  if (runtime) runtime.open()
  else send({ kind: 'handshake' })
  render()
}
