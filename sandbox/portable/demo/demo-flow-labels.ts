// The demo's flows by id: the server writes the page's menu from them, the page's code runs the one chosen.

/** The flows the page offers, by id, in menu order. */
export const DEMO_FLOWS = {
  connect: 'Connect a new customer',
  'card-buy': 'Card buy (buy button)',
  'apple-pay': 'Apple Pay',
  'google-pay': 'Google Pay',
  'challenge-48': 'Challenge 48 (wallet ownership)',
  'challenge-49': 'Challenge 49 (CVV)',
  terms: 'Terms acceptance',
  mismatch: 'Mismatch (email and phone of two customers)',
  'wallet-failure': 'Wallet-pay failure (Google Pay 41.13)',
  reset: 'Reset the connection',
  'add-card': 'Add a card',
  widget: 'Widget',
  sell: 'Sell (widget, deposit, completed)',
  'sell-refund': 'Sell refunded (wrong deposit amount)',
  swap: 'Swap (quote, deposit, completed)',
  'swap-requote-accepted': 'Swap: requote accepted (deposit 80 of 100)',
  'swap-requote-rejected': 'Swap: requote rejected (refunded)',
  'customer-export': 'Customer export',
} as const
