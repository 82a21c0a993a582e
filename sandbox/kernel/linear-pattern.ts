import { RE2JS } from 're2js'

/**
 * The most steps a matcher's regular expressions compile to together (RE2's program size: `^0x[0-9a-fA-F]{40}$` is 46,
 * `[a-z]{1,30}` 61). A linear-time engine still does work in proportion to the text times the pattern's size when the
 * pattern keeps many states alive (`a[ab]{60}[^ab]` does); this and {@link MAX_MATCHED_CHARS} bound what one matcher
 * costs on one request (decision 0080).
 */
export const MAX_PROGRAM_SIZE = 64

/** The longest text a pattern is tested on: a longer value never matches (a query or headers cannot be that long; a JSON body field can). */
export const MAX_MATCHED_CHARS = 16_384

/** A pattern ready to test text in time linear in the text. */
export interface LinearPattern {
  /** Whether the pattern matches anywhere in `text` (unanchored unless it anchors itself, as `RegExp.prototype.test`). */
  test(text: string): boolean
  /** Its compiled size, counted against {@link MAX_PROGRAM_SIZE}. */
  size: number
}

/** A compiled pattern, or the rule it breaks, worded to follow the field's name ("query.a.matches uses a lookahead …"). */
type PatternVerdict = { ok: true; pattern: LinearPattern } | { ok: false; rule: string }

const UNSUPPORTED = "which the sandbox's linear-time matcher does not support"

/**
 * JavaScript spellings RE2 lacks, written the RE2 way (`\uXXXX` → `\x{XXXX}`; `[^]`, any character, → `[\s\S]`; `[]`,
 * no character, → `[^\s\S]`), or the rule a construct breaks that only a backtracking engine runs: lookahead,
 * lookbehind, backreferences. Everything else is left for RE2's parser to accept or refuse.
 */
function toRe2Syntax(source: string): { ok: true; source: string } | { ok: false; rule: string } {
  let out = ''
  let inClass = false
  for (let i = 0; i < source.length; ) {
    const ch = source[i]!
    if (ch === '\\') {
      const next = source[i + 1] ?? ''
      if (/[1-9]/.test(next)) return { ok: false, rule: `uses a backreference (\`\\${next}\`), ${UNSUPPORTED}` }
      if (next === 'k' && source[i + 2] === '<')
        return { ok: false, rule: `uses a named backreference (\`\\k<\`), ${UNSUPPORTED}` }
      const hex = source.slice(i + 2, i + 6)
      if (next === 'u' && /^[0-9A-Fa-f]{4}$/.test(hex)) {
        out += `\\x{${hex}}`
        i += 6
        continue
      }
      out += ch + next
      i += 2
      continue
    }
    if (inClass) {
      if (ch === ']') inClass = false
      out += ch
      i++
      continue
    }
    if (ch === '[') {
      if (source.startsWith('[]', i)) {
        out += '[^\\s\\S]'
        i += 2
        continue
      }
      if (source.startsWith('[^]', i)) {
        out += '[\\s\\S]'
        i += 3
        continue
      }
      inClass = true
      // A `]` or `^]` right after `[` would be a literal to RE2 but closes the class in JavaScript: handled above.
      out += ch
      i++
      continue
    }
    if (ch === '(' && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4)
      if (kind.startsWith('=') || kind.startsWith('!'))
        return { ok: false, rule: `uses a lookahead (\`${source.slice(i, i + 3)}\`), ${UNSUPPORTED}` }
      if (kind === '<=' || kind === '<!')
        return { ok: false, rule: `uses a lookbehind (\`${source.slice(i, i + 4)}\`), ${UNSUPPORTED}` }
    }
    out += ch
    i++
  }
  return { ok: true, source: out }
}

/**
 * Compiles a partner's regular expression (JavaScript syntax) for RE2, a linear-time engine: no pattern and text can
 * make it backtrack. Constructs only a backtracking engine runs (lookaround, backreferences) are refused, as is what
 * RE2's syntax lacks, and a pattern above {@link MAX_PROGRAM_SIZE} steps. Where JavaScript and RE2 read a pattern
 * alike it matches alike; RE2's reading holds where they differ (`\s` is ASCII space only; RE2-only escapes such as
 * `\z`, `\pL`, `[[:alpha:]]` keep their RE2 meaning).
 *
 * @example
 * const verdict = compileLinearPattern('^(a+)+$')
 * verdict.ok && verdict.pattern.test('a'.repeat(16_000) + '!') // false, in about a millisecond
 * compileLinearPattern('^(?=u)') // { ok: false, rule: "uses a lookahead (`(?=`), which the sandbox's linear-time matcher does not support" }
 */
export function compileLinearPattern(source: string): PatternVerdict {
  const translated = toRe2Syntax(source)
  if (!translated.ok) return translated
  let compiled: RE2JS
  try {
    compiled = RE2JS.compile(translated.source)
  } catch (error) {
    const { error: reason, input } = error as { error?: string; input?: string | null }
    if (typeof reason !== 'string') throw error
    return {
      ok: false,
      rule: `is not a pattern the sandbox's linear-time matcher (RE2 syntax) takes: ${reason}${input ? ` \`${input}\`` : ''}`,
    }
  }
  const size = compiled.programSize()
  if (size > MAX_PROGRAM_SIZE) return { ok: false, rule: tooLarge(size) }
  return { ok: true, pattern: { size, test: (text) => text.length <= MAX_MATCHED_CHARS && compiled.test(text) } }
}

/** The rule a pattern (or a matcher's patterns together) breaks when it compiles to `size` steps. */
export function tooLarge(size: number, together = false): string {
  const what = together ? "together with the matcher's other patterns it compiles" : 'it compiles'
  return `is too large for the sandbox's linear-time matcher: ${what} to ${size} steps, at most ${MAX_PROGRAM_SIZE} (a counted repetition such as {100} repeats what it counts)`
}
