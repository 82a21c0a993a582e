import { WidgetError } from '#contract/index.ts'

/**
 * The error answers every publishable-key widget route documents, in the widget API's `{message, type}` shape.
 *
 * @example
 * responses: { 200: { description: 'The token', schema: DefiToken }, 400: badRequest, 401: unauthorized }
 */
export const unauthorized = { description: 'apiKey missing, malformed or not a publishable key', schema: WidgetError }
export const badRequest = { description: 'A parameter breaks a rule; the message names it', schema: WidgetError }
