import { describe, expect, it, vi } from 'vitest'
import type { WebViewMessageEvent } from 'react-native-webview'
import type { ClientFrameEvent } from '#browser/client/frame-controller.ts'
import { describeFrame, inboundScript, type WebViewHandle } from './react-native-frame.ts'
import { frameWebViewProps } from './web-view-props.ts'

const envelope = (kind: string, payload?: unknown, channelId = 'ch_1') =>
  JSON.stringify({ version: 2, meta: { channelId }, kind, ...(payload === undefined ? {} : { payload }) })

/** Runs an injected script against a fake page: the texts it dispatched as `message` events, and how. */
function runInPage(script: string) {
  const dispatched: Array<{ type: string; data: unknown }> = []
  class FakeMessageEvent {
    constructor(
      readonly type: string,
      readonly init: { data: unknown },
    ) {}
  }
  const window = {
    dispatchEvent: (event: FakeMessageEvent) => dispatched.push({ type: event.type, data: event.init.data }),
  }
  const result: unknown = new Function('window', 'MessageEvent', `return eval(${JSON.stringify(script)})`)(
    window,
    FakeMessageEvent,
  )
  return { dispatched, result }
}

/** A fake WebView ref: the envelopes the frame was sent, read back from the injected scripts. */
function fakeWebView() {
  const received: unknown[] = []
  const webView: WebViewHandle = {
    injectJavaScript: (script) =>
      received.push(...runInPage(script).dispatched.map((event) => JSON.parse(event.data as string))),
  }
  return { webView, received }
}

const message = (data: string) => ({ nativeEvent: { data } }) as WebViewMessageEvent

describe('inboundScript', () => {
  it('dispatches the exact text as a message event on window and ends with true', () => {
    const text = envelope('ack')
    expect(runInPage(inboundScript(text))).toEqual({ dispatched: [{ type: 'message', data: text }], result: true })
  })

  it('keeps quotes, backslashes and line separators inside the text', () => {
    const text = JSON.stringify({ kind: 'x', payload: 'a\'b"c\\d\u2028e</script>' })
    expect(runInPage(inboundScript(text)).dispatched[0]!.data).toBe(text)
  })
})

describe('describeFrame', () => {
  it('describes the frame page URL with its params and channel', () => {
    const frame = describeFrame({
      framesOrigin: 'http://10.0.2.2:4011',
      frame: 'add-card',
      params: { clientToken: 'ct_1', apiKey: undefined, channelId: 'ch_1' },
    })
    expect([frame.uri, frame.channelId]).toEqual([
      'http://10.0.2.2:4011/platform/v1/add-card?clientToken=ct_1&channelId=ch_1',
      'ch_1',
    ])
  })

  it('answers the handshake from onMessage with ack through the attached WebView', () => {
    const events: ClientFrameEvent[] = []
    const frame = describeFrame({
      framesOrigin: 'http://127.0.0.1:4011',
      frame: 'reset',
      params: { channelId: 'ch_1' },
      onEvent: (event) => events.push(event),
    })
    const { webView, received } = fakeWebView()
    const props = frameWebViewProps(frame)
    props.ref(webView)
    props.onMessage(message(envelope('handshake')))
    expect(events).toEqual([{ kind: 'handshake', frame: 'reset', channelId: 'ch_1' }])
    expect(received).toEqual([{ version: 2, meta: { channelId: 'ch_1' }, kind: 'ack' }])
  })

  it('sends the theme right after the ack', () => {
    const frame = describeFrame({
      framesOrigin: 'http://127.0.0.1:4011',
      frame: 'reset',
      params: { channelId: 'ch_1' },
    })
    const { webView, received } = fakeWebView()
    frame.attach(webView)
    frame.setTheme('dark')
    frame.receive(envelope('handshake'))
    expect(received).toEqual([
      { version: 2, meta: { channelId: 'ch_1' }, kind: 'ack' },
      { version: 2, meta: { channelId: 'ch_1' }, kind: 'setTheme', payload: { theme: 'dark' } },
    ])
  })

  it('takes its height from resize, tells subscribers, and never delivers resize as an event', () => {
    const onEvent = vi.fn()
    const frame = describeFrame({
      framesOrigin: 'http://127.0.0.1:4011',
      frame: 'widget',
      params: { channelId: 'ch_1' },
      onEvent,
    })
    const listener = vi.fn()
    frame.subscribe(listener)
    frame.receive(envelope('resize', { height: 300.2 }))
    expect([frame.height, listener.mock.calls.length, onEvent.mock.calls.length]).toEqual([301, 1, 0])
    expect(frameWebViewProps(frame, { style: { width: 320 } }).style).toEqual([{ height: 301 }, { width: 320 }])
  })

  it('drops another channel, and everything once destroyed', () => {
    const onEvent = vi.fn()
    const frame = describeFrame({
      framesOrigin: 'http://127.0.0.1:4011',
      frame: 'reset',
      params: { channelId: 'ch_1' },
      onEvent,
    })
    const listener = vi.fn()
    frame.subscribe(listener)
    frame.receive(envelope('handshake', undefined, 'ch_2'))
    frame.destroy()
    frame.receive(envelope('handshake'))
    expect([onEvent.mock.calls.length, frame.destroyed, listener.mock.calls.length]).toEqual([0, true, 1])
  })
})

describe('frameWebViewProps', () => {
  it("loads the frame URL top-level and keeps the host's extra props", () => {
    const frame = describeFrame({
      framesOrigin: 'http://127.0.0.1:4011',
      frame: 'reset',
      params: { channelId: 'ch_1' },
    })
    const props = frameWebViewProps(frame, { javaScriptEnabled: true })
    expect([props.source, props.javaScriptEnabled, props.style]).toEqual([
      { uri: 'http://127.0.0.1:4011/platform/v1/reset?channelId=ch_1' },
      true,
      undefined,
    ])
  })
})
