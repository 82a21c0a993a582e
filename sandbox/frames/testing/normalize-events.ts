import type { FrameOutbound } from '#contract/index.ts'

/** What varies between two runs of one flow and says nothing about it: credentials, ids, tokens, times. */
const VOLATILE: Array<[RegExp, string]> = [
  [/\b(cus|txn|pm|ses|chl|chg)_[A-Za-z0-9]+/g, '$1_<id>'],
  [/\b(st|at|ct|cx|up)_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, '$1_<token>'],
  [/channelId=[A-Za-z0-9_-]+/g, 'channelId=<channel>'],
  [/challengeToken=[^&"]+/g, 'challengeToken=<token>'],
  [/https?:\/\/127\.0\.0\.1:\d+/g, '<origin>'],
]

/**
 * Events with volatile values replaced by placeholders (`<credentials>`, `cus_<id>` …),
 * so that the same flow gives the same sequence in the browser and in process.
 */
export function normalizeEvents(events: FrameOutbound[]): unknown[] {
  return events.map((event) => {
    let text = JSON.stringify(event)
    text = text.replace(/"credentials":"[^"]+"/g, '"credentials":"<credentials>"')
    for (const [pattern, replacement] of VOLATILE) text = text.replace(pattern, replacement)
    return JSON.parse(text) as unknown
  })
}
