// What every frame page shows or does around its machine's screen: the test-mode badge and the content height.

/**
 * The mode of a frame's tenant (`account:mode`), or `undefined` when the frame has none (a frame that cannot start).
 *
 * @example
 * tenantMode('acct_1:test') // 'test'
 */
export function tenantMode(tenant: string | null): 'test' | 'live' | undefined {
  const mode = tenant?.slice(tenant.lastIndexOf(':') + 1)
  return mode === 'test' || mode === 'live' ? mode : undefined
}

/**
 * Puts a TEST MODE badge at the top of the page when the tenant is in test mode; none in live mode. The badge is a
 * landmark of its own (an `aside`, outside the frame's `main`), so all of the page's content is in one (axe `region`).
 */
export function showTestModeBadge(tenant: string | null): void {
  if (tenantMode(tenant) !== 'test') return
  const badge = document.createElement('aside')
  badge.className = 'test-badge'
  badge.setAttribute('aria-label', 'Test mode: no real payment is made')
  badge.textContent = 'TEST MODE'
  document.body.prepend(badge)
}

/**
 * Reports the page's content height (rounded up) whenever it changes, and once at the start, so the host's iframe
 * can grow to it (the SDK-internal `resize`, decision record 0072).
 */
export function followContentHeight(report: (height: number) => void): void {
  let last = -1
  const measure = () => {
    const height = Math.ceil(document.body.getBoundingClientRect().height)
    if (height === last) return
    last = height
    report(height)
  }
  // Measured once now too: Chromium runs no observer in a cross-origin frame it does not render (scrolled out of view).
  measure()
  new ResizeObserver(measure).observe(document.body)
}
