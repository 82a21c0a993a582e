import { createClient, type ClientFrameEvent, type SetupOptions } from '../client/index.ts'
import type { DemoLog } from './demo-log.ts'
import { errorText, isFinal, type FinalEvent } from './demo-outcome.ts'

/** What the demo page is told about the sandbox (`window.DEMO_CONFIG`). */
export interface DemoConfig {
  apiOrigin: string
  framesOrigin: string
  account: string
}

/** A frame's setup options, and the promise of the event that ends the frame's part (see `isFinal`). */
interface DemoFrame {
  options: SetupOptions
  done: Promise<FinalEvent>
  /** Also calls `listener` with each event the frame sends (after the log has it). */
  on(listener: (event: ClientFrameEvent) => void): void
}

/** A customer as the session takes it. */
export interface Who {
  email: string
  phoneNumber: string
}

/** An element of the page by id. @example byId<HTMLSelectElement>('flow').value */
export const byId = <T extends HTMLElement = HTMLInputElement>(id: string) => document.getElementById(id) as T

/**
 * The partner app's plumbing the flows share: its client (publishable key), frame options that log every message,
 * its server part (sessions with the secret key, server-side), and the customer picked on the page.
 *
 * @example
 * const host = createHost(config, log, status)
 * const connection = await host.client().connect(await host.session(), host.frame().options)
 */
export function createHost(config: DemoConfig, log: DemoLog, status: (text: string) => void) {
  const mode = () => (byId<HTMLSelectElement>('mode').value === 'live' ? ('live' as const) : ('test' as const))
  const client = () =>
    createClient({
      framesOrigin: config.framesOrigin,
      apiOrigin: config.apiOrigin,
      apiKey: `pk_${mode()}_${config.account}`,
    })

  /** A frame's options: in a container of `#frames` with the appearance controls, or headless (check, reset) with none. */
  function frame(extra: Record<string, string> = {}, headless = false): DemoFrame {
    const container = headless ? undefined : document.createElement('div')
    if (container) byId('frames').append(container)
    const customTheme = byId<HTMLTextAreaElement>('custom-theme').value.trim()
    const appearance = headless
      ? {}
      : {
          theme: byId<HTMLSelectElement>('theme').value,
          brandColor: byId('brand').value,
          ...(customTheme ? { customTheme } : {}),
        }
    const listeners: Array<(event: ClientFrameEvent) => void> = []
    let finish: (event: FinalEvent) => void = () => undefined
    const done = new Promise<FinalEvent>((resolve) => (finish = resolve))
    const hidden = headless ? { hidden: true } : {}
    const options: SetupOptions = {
      container,
      params: { ...appearance, ...extra },
      onEvent: (event) => {
        log.add({
          direction: 'frame→host',
          channel: event.channelId,
          frame: event.frame,
          kind: event.kind,
          payload: 'payload' in event ? event.payload : undefined,
          ...hidden,
        })
        const final = isFinal(event)
        if (event.kind === 'error' && !final)
          status(`${event.frame}: ${errorText(event.payload)} (the customer can try again)`)
        for (const listener of listeners) listener(event)
        if (final) finish(event as FinalEvent)
      },
      onSend: (message) =>
        log.add({
          direction: 'host→frame',
          channel: message.channelId,
          frame: message.frame,
          kind: message.kind,
          payload: 'payload' in message ? message.payload : undefined,
          ...hidden,
        }),
    }
    return { options, done, on: (listener) => void listeners.push(listener) }
  }

  async function post(path: string, body: unknown) {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await response.json().catch(() => ({}))
    if (!response.ok)
      throw Object.assign(new Error(json.message ?? `${path} answered ${response.status}`), {
        code: json.code ?? `http_${response.status}`,
      })
    return json
  }

  /** The customer picked: a fixture, or the custom email and phone when both are filled. */
  function customer(): Who {
    const email = byId('custom-email').value.trim()
    const phoneNumber = byId('custom-phone').value.trim()
    if (email && phoneNumber) return { email, phoneNumber }
    const [fixtureEmail = '', fixturePhone = ''] = byId<HTMLSelectElement>('customer').value.split('|')
    return { email: fixtureEmail, phoneNumber: fixturePhone }
  }

  /** The partner server part opens a session (secret key server-side). */
  async function session(who = customer(), termsAcceptedAt?: string): Promise<string> {
    return (await post('/demo/api/session', { mode: mode(), ...who, ...(termsAcceptedAt ? { termsAcceptedAt } : {}) }))
      .data.sessionToken
  }

  /** The picked (or given) customer's credentials, through the headless check; a connection not active is an error. */
  async function connected(who?: Who) {
    const connection = await client().getConnection(await session(who ?? customer()), frame({}, true).options)
    if (connection.status !== 'active')
      throw Object.assign(new Error(`the connection is ${connection.status}, not active: pick an active customer`), {
        code: 'not_connected',
      })
    return connection.credentials
  }

  return { mode, client, frame, post, customer, session, connected, status }
}

export type DemoHost = ReturnType<typeof createHost>
