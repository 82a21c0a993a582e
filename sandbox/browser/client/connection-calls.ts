import type { Credentials } from '#contract/index.ts'
import type { FrameName } from '#contract/frames/index.ts'
import { decryptCredentials, generateHostKeyPair } from '#portable/frames/credentials.ts'
import type { ClientFrameEvent, MountedFrame } from './frame-channel.ts'
import type { SetupOptions } from './client-options.ts'

/** A connection as the client returns it: the frame's `complete` payload with credentials decrypted. */
export interface ClientConnection {
  status: string
  customer?: unknown
  capabilities?: unknown
  mismatch?: true
  credentials: Credentials
}

/** What mounts a frame: the web client's iframe, or the React Native client's frame description; anything that can be destroyed. */
type Mount<F extends { destroy(): void } = MountedFrame> = (frame: FrameName, setup: SetupOptions) => F

/**
 * Mounts a frame; when it is headless (no `container`), its hidden iframe is removed once the frame has said its last
 * word (`complete` or `error`), after `onEvent` heard it: a page that checks the connection often keeps no dead frames.
 * A frame with a container is the partner's to remove.
 *
 * @example
 * mountHeadless(setupFrame, 'reset', { params: { clientToken }, onEvent: (e) => console.log(e.kind) })
 */
export function mountHeadless<F extends { destroy(): void }>(
  mount: Mount<F>,
  frame: FrameName,
  setup: SetupOptions,
): F {
  if (setup.container) return mount(frame, setup)
  let mounted: F | undefined
  const onEvent = (event: ClientFrameEvent) => {
    setup.onEvent?.(event)
    if (event.kind !== 'complete' && event.kind !== 'error') return
    // The event may arrive while `mount` is still returning (never in a browser, but a test double may answer at once).
    queueMicrotask(() => mounted?.destroy())
  }
  mounted = mount(frame, { ...setup, onEvent })
  return mounted
}

/**
 * Mounts a check, connect or auth frame with a fresh host key pair and resolves
 * with its `complete`, credentials decrypted; rejects on the frame's `error`.
 * Every event still reaches `setup.onEvent`; a headless frame (the check) is removed once it completes or fails.
 */
export async function connectionThrough<F extends { destroy(): void }>(
  mount: Mount<F>,
  frame: 'check' | 'connect' | 'auth',
  params: Record<string, string>,
  setup: SetupOptions = {},
): Promise<ClientConnection> {
  const keys = await generateHostKeyPair()
  return new Promise((resolve, reject) => {
    const onEvent = (event: ClientFrameEvent) => {
      setup.onEvent?.(event)
      if (event.kind === 'error') reject(Object.assign(new Error(event.payload.message), { code: event.payload.code }))
      if (event.kind !== 'complete') return
      const { credentials, ...connection } = event.payload as { credentials: string; status: string }
      decryptCredentials(credentials, keys.privateKey).then(
        (decrypted) => resolve({ ...connection, credentials: decrypted }),
        reject,
      )
    }
    mountHeadless(mount, frame, {
      ...setup,
      onEvent,
      params: { ...setup.params, ...params, publicKey: keys.publicKeyHex },
    })
  })
}
