import type { WebViewMessageEvent, WebViewProps } from 'react-native-webview'
import type { ReactNativeFrame, WebViewHandle } from './react-native-frame.ts'

/** The WebView props a host may add (everything but what connects the frame). */
export type ExtraWebViewProps = Omit<WebViewProps, 'source' | 'onMessage' | 'style'>

/** The props `RampFrame` gives react-native-webview's `WebView` for a frame: what connects the two. */
export interface FrameWebViewProps extends ExtraWebViewProps {
  source: { uri: string }
  onMessage: (event: WebViewMessageEvent) => void
  ref: (webView: WebViewHandle | null) => void
  style: WebViewProps['style']
}

/**
 * The `WebView` props for a frame: its URL top-level in `source`, `onMessage` into the frame's controller, the ref
 * attached (messages to the frame go through its `injectJavaScript`), and the frame's height once it said it.
 *
 * @example
 * createElement(WebView, frameWebViewProps(frame, { style: { width: '100%' } }))
 */
export function frameWebViewProps(
  frame: ReactNativeFrame,
  extra: ExtraWebViewProps & { style?: WebViewProps['style'] } = {},
): FrameWebViewProps {
  const { style, ...rest } = extra
  return {
    ...rest,
    source: { uri: frame.uri },
    onMessage: (event) => frame.receive(event.nativeEvent.data),
    ref: (webView) => frame.attach(webView),
    style: frame.height === undefined ? style : [{ height: frame.height }, style],
  }
}
