import { describe, expect, it } from 'vitest'
import {
  createFrameController,
  frameUrl,
  newChannelId,
  type ClientFrameEvent,
  type ClientFrameMessage,
} from './frame-controller.ts'

const envelope = (kind: string, payload?: unknown, channelId = 'ch_1', version = 2) =>
  JSON.stringify({ version, meta: { channelId }, kind, ...(payload === undefined ? {} : { payload }) })

/** A controller on channel `ch_1` of the reset frame, with what it posted, delivered, reported and sized. */
function harness() {
  const posted: unknown[] = []
  const events: ClientFrameEvent[] = []
  const sent: ClientFrameMessage[] = []
  const heights: number[] = []
  const controller = createFrameController({
    frame: 'reset',
    channelId: 'ch_1',
    post: (text) => posted.push(JSON.parse(text)),
    onEvent: (event) => events.push(event),
    onSend: (message) => sent.push(message),
    onResize: (height) => heights.push(height),
  })
  return { controller, posted, events, sent, heights }
}

describe('createFrameController', () => {
  it('answers handshake with ack, after delivering the handshake, and reports the ack to onSend', () => {
    const { controller, posted, events, sent } = harness()
    controller.receive(envelope('handshake'))
    expect(events).toEqual([{ kind: 'handshake', frame: 'reset', channelId: 'ch_1' }])
    expect(posted).toEqual([{ version: 2, meta: { channelId: 'ch_1' }, kind: 'ack' }])
    expect(sent).toEqual([{ kind: 'ack', frame: 'reset', channelId: 'ch_1' }])
    expect(controller.acked).toBe(true)
  })

  it('drops envelopes of another channel', () => {
    const { controller, posted, events } = harness()
    controller.receive(envelope('handshake', undefined, 'ch_other'))
    expect([events, posted, controller.acked]).toEqual([[], [], false])
  })

  it('drops texts that are not JSON, not a version-2 envelope, or not a string', () => {
    const { controller, posted, events } = harness()
    controller.receive('{not json')
    controller.receive(envelope('handshake', undefined, 'ch_1', 1))
    controller.receive(JSON.stringify({ kind: 'handshake' }))
    controller.receive({ version: 2, meta: { channelId: 'ch_1' }, kind: 'handshake' })
    expect([events, posted]).toEqual([[], []])
  })

  it('drops a kind that is not a frame event', () => {
    const { controller, events } = harness()
    controller.receive(envelope('noSuchEvent'))
    expect(events).toEqual([])
  })

  it('holds a theme set before the ack and sends it right after the ack', () => {
    const { controller, posted, sent } = harness()
    controller.setTheme('dark')
    expect(posted).toEqual([])
    controller.receive(envelope('handshake'))
    expect(posted.map((message) => (message as { kind: string }).kind)).toEqual(['ack', 'setTheme'])
    expect(posted[1]).toEqual({ version: 2, meta: { channelId: 'ch_1' }, kind: 'setTheme', payload: { theme: 'dark' } })
    expect(sent.map((message) => message.kind)).toEqual(['ack'])
  })

  it('sends a theme set after the ack at once', () => {
    const { controller, posted } = harness()
    controller.receive(envelope('handshake'))
    controller.setTheme('light')
    expect(posted.at(-1)).toEqual({
      version: 2,
      meta: { channelId: 'ch_1' },
      kind: 'setTheme',
      payload: { theme: 'light' },
    })
  })

  it('sizes through onResize, clamped, and never delivers resize as an event', () => {
    const { controller, events, heights } = harness()
    controller.receive(envelope('resize', { height: 412.4 }))
    controller.receive(envelope('resize', { height: 9000 }))
    controller.receive(envelope('setTheme', { theme: 'dark' }))
    expect(heights).toEqual([413, 2000])
    expect(events).toEqual([])
  })

  it('posts what send is given, in the envelope, reporting it to onSend first', () => {
    const { controller, posted, sent } = harness()
    controller.send({ kind: 'ack' })
    expect(sent).toEqual([{ kind: 'ack', frame: 'reset', channelId: 'ch_1' }])
    expect(posted).toEqual([{ version: 2, meta: { channelId: 'ch_1' }, kind: 'ack' }])
  })
})

describe('frameUrl and newChannelId', () => {
  it('puts the params and the channel in the frame page URL, leaving out undefined params', () => {
    expect(frameUrl('http://127.0.0.1:4011', 'reset', { clientToken: 'ct_1', apiKey: undefined }, 'ch_1')).toBe(
      'http://127.0.0.1:4011/platform/v1/reset?clientToken=ct_1&channelId=ch_1',
    )
  })

  it('makes channel ids of ch_ and 24 hex digits', () => {
    expect(newChannelId()).toMatch(/^ch_[0-9a-f]{24}$/)
  })
})
