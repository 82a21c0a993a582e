import { declinedChallengeReason } from '#domain/declined-challenge.ts'
import { sellTriggersMarkdown } from '#domain/sell-triggers.ts'
import { swapTriggersMarkdown } from '#domain/swap-triggers.ts'
import { triggersMarkdown } from '#domain/triggers.ts'
import { withSection } from './readme-sections.ts'

/** What the buy frame's `complete` carries when a challenge ends without the customer verifying (decision 0063). */
function declined(failureReason: string): string {
  return `\`complete\` \`{transaction: {id, status: 'failed'}, failureCode: 'authorizationDeclined', failureReason: '${failureReason}'}\``
}

/**
 * docs/triggers.md's table of how a buy challenge ends, with the failure reasons the sandbox writes
 * (`declinedChallengeReason`); scripts/docs-triggers.test.ts runs the scenarios that cancel and fail one and checks
 * the frame's `complete` against it.
 */
export function challengeOutcomesMarkdown(): string {
  return [
    '| in the challenge frame | challenge frame posts | buy frame posts |',
    '|---|---|---|',
    "| `completeChallenge` (48) or `enterCvv` with 3–4 digits (49) | `complete` `{flow: 'buy', transaction: {id, status: 'pending'}}` | `complete` `{transaction: {id, status: 'pending'}}` |",
    `| \`cancelChallenge\` | \`cancelled\` \`{flow: 'buy'}\` | ${declined(declinedChallengeReason({ status: 'cancelled', forcedError: null }))} |`,
    `| opened with a trigger 50.13–52.13 challenge | \`error\` \`{code}\` | ${declined(declinedChallengeReason({ status: 'failed', forcedError: { code: '<code>', message: '' } }))} |`,
    '| nothing until the quote expires | (a later open: `error` `invalid_token`) | `quoteExpired` `{expiresAt}`; after `setQuote`, a new challenge |',
    '',
    'Completing the challenge creates the transaction, `pending`. Cancelling or failing it creates one too, failed at',
    'once ([decision 0063](decisions/0063-declined-challenge-fails-a-transaction.md)): `failed` with `authorizationDeclined`,',
    'its `stage_two_verification` failed with `cancelled` (or `error` for a failed challenge), with `transaction_created`',
    "and `transaction_failed` webhooks; the buy frame's `complete` carries its id. A challenge that expires with its",
    'quote creates none. A challenge lives as long as the quote it was opened for.',
  ].join('\n')
}

/** docs/triggers.md with its generated sections: the buy, sell and swap trigger tables and the challenge outcomes. */
export function triggersDoc(doc: string): string {
  let text = withSection(doc, 'buy-triggers', triggersMarkdown())
  text = withSection(text, 'challenge-outcomes', challengeOutcomesMarkdown())
  text = withSection(text, 'sell-triggers', sellTriggersMarkdown())
  return withSection(text, 'swap-triggers', swapTriggersMarkdown())
}
