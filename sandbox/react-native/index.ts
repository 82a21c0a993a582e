/**
 * The React Native client (`ramp-sandbox/react-native`): the SDK's calls and the inline components over
 * react-native-webview (`react`, `react-native`, `react-native-webview` are optional peers: only this entry needs them).
 *
 * @example
 * import { createReactNativeClient, BuyButton, RampFrame } from 'ramp-sandbox/react-native'
 */
export {
  createReactNativeClient,
  type ReactNativeClient,
  type ReactNativeCalls,
  type ReactNativeClientOf,
  type ReactNativeDeprecatedSetups,
  type ReactNativeClientOptions,
  type ReactNativeSetupOptions,
  type RenderedSetupOptions,
  type WalletFrame,
  type WalletFrameOptions,
} from './create-react-native-client.ts'
export {
  ApplePayButton,
  BuyButton,
  GooglePayButton,
  RampFrame,
  type PurchaseButtonProps,
  type RampFrameProps,
  type WalletButtonProps,
} from './components.ts'
export {
  describeFrame,
  inboundScript,
  type ReactNativeFrame,
  type ReactNativeFrameOptions,
  type WebViewHandle,
} from './react-native-frame.ts'
export { frameWebViewProps, type ExtraWebViewProps, type FrameWebViewProps } from './web-view-props.ts'
export {
  REACT_NATIVE_SETUP_REPLACEMENTS,
  reactNativeDeprecationWarning,
  type ReactNativeSetupName,
} from './deprecated-setups.ts'
export { frameUrl, type ClientFrameEvent, type ClientFrameMessage } from '#browser/client/frame-controller.ts'
export { WalletSetupError, WALLET_SETUP_TIMEOUT_MS, type WalletSetupErrorCode } from '#browser/client/wallet-setup.ts'
export type { ClientConnection } from '#browser/client/connection-calls.ts'
export { encodeQuote } from '#portable/frames/encode-quote.ts'
