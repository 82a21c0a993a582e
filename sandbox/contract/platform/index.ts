/** Wire shapes of the partner platform API (`/platform/v1`). */
export * from './buy-quote.ts'
export * from './connection.ts'
export * from './credentials.ts'
export * from './customer.ts'
export * from './payment-method.ts'
export * from './session.ts'
export * from './transaction.ts'
export * from './records.ts'
