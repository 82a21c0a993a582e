/** The React Native client's deprecated setups, each with the inline component that replaces it (spec: "Deprecated"). */
export const REACT_NATIVE_SETUP_REPLACEMENTS = {
  setupApplePay: 'ApplePayButton',
  setupGooglePay: 'GooglePayButton',
  setupBuyButton: 'BuyButton',
} as const

/** The name of a deprecated React Native setup. */
export type ReactNativeSetupName = keyof typeof REACT_NATIVE_SETUP_REPLACEMENTS

/**
 * The warning a deprecated React Native setup logs (once per client and call name).
 *
 * @example
 * reactNativeDeprecationWarning('setupApplePay') // 'ramp-sandbox react-native client: setupApplePay is deprecated …; render <ApplePayButton> …'
 */
export function reactNativeDeprecationWarning(name: ReactNativeSetupName): string {
  return `ramp-sandbox react-native client: ${name} is deprecated and gone under strictDeprecations; render the inline component <${REACT_NATIVE_SETUP_REPLACEMENTS[name]}> from 'ramp-sandbox/react-native' instead`
}

/**
 * Wraps the deprecated setups so that each logs `console.warn` the first time it is called on this client.
 *
 * @example
 * const { setupBuyButton } = warnOnce({ setupBuyButton: (token: string) => token })
 * setupBuyButton('ct_1') // warns; a second call does not
 */
export function warnOnce<T extends Record<ReactNativeSetupName, (...args: never[]) => unknown>>(setups: T): T {
  const warned = new Set<ReactNativeSetupName>()
  const wrap = <F extends (...args: never[]) => unknown>(name: ReactNativeSetupName, setup: F): F =>
    ((...args: Parameters<F>) => {
      if (!warned.has(name)) {
        warned.add(name)
        console.warn(reactNativeDeprecationWarning(name))
      }
      return setup(...args)
    }) as F
  return {
    ...setups,
    setupApplePay: wrap('setupApplePay', setups.setupApplePay),
    setupGooglePay: wrap('setupGooglePay', setups.setupGooglePay),
    setupBuyButton: wrap('setupBuyButton', setups.setupBuyButton),
  }
}
