import { z } from 'zod'
import { queryNumber } from './query-number.ts'

/** Whether `text` (YYYY-MM-DD) names a day of the calendar. */
function isCalendarDay(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`)
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text)
}

function queryDay(field: string) {
  return z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, `${field} must be a date YYYY-MM-DD`)
    .refine(isCalendarDay, `${field} must be a day of the calendar`)
}

const queryId = (field: string) =>
  z.string().min(1, `${field} must not be empty`).max(128, `${field} must be at most 128 characters`)

/**
 * Query of the widget API's secret-key transaction lists, buy (`GET /v1/transactions`) and sell
 * (`GET /v3/sell_transactions`): filters, a day range (both inclusive, UTC) and a page by `limit` 1–50 (default 10)
 * and `offset`. One schema, so both lists refuse the same input in the same words.
 *
 * @example
 * WidgetTransactionListQuery.parse({ externalTransactionId: 'order-1', limit: '5' }) // { externalTransactionId: 'order-1', limit: 5 }
 */
export const WidgetTransactionListQuery = z
  .object({
    customerId: queryId('customerId').optional(),
    externalCustomerId: queryId('externalCustomerId').optional(),
    externalTransactionId: queryId('externalTransactionId').optional(),
    startDate: queryDay('startDate').optional(),
    endDate: queryDay('endDate').optional(),
    limit: queryNumber(
      z
        .string()
        .regex(/^[0-9]{1,3}$/, 'limit must be an integer')
        .transform(Number)
        .refine((n) => n >= 1 && n <= 50, 'limit must be from 1 to 50'),
      { type: 'integer', minimum: 1, maximum: 50, description: 'Page size; 10 when omitted' },
    ).optional(),
    offset: queryNumber(
      z
        .string()
        .regex(/^[0-9]{1,6}$/, 'offset must be a non-negative integer of at most 6 digits')
        .transform(Number),
      { type: 'integer', minimum: 0, description: 'Transactions skipped before the page; 0 when omitted' },
    ).optional(),
  })
  .refine((q) => q.startDate === undefined || q.endDate === undefined || q.startDate <= q.endDate, {
    message: 'endDate must not be before startDate',
    path: ['endDate'],
  })
export type WidgetTransactionListQuery = z.infer<typeof WidgetTransactionListQuery>
