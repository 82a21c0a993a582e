import { describe, expect, it } from 'vitest'
import type { FramePageConfig } from '#portable/frames/frame-page-config.ts'
import { framePageHtml } from './frame-page-html.ts'

const config = (theme?: 'dark' | 'light'): FramePageConfig => ({
  frame: 'add-card',
  channelId: 'ch_1',
  params: {},
  ticket: null,
  tenant: 'platform1:test',
  allowedOrigins: [],
  appearance: theme ? { theme } : {},
})

describe('frame page HTML', () => {
  it('sets the theme on <html> and the colour scheme before the stylesheet, so a dark frame paints dark at once', () => {
    const html = framePageHtml(config('dark'), 'add-card')
    expect(html).toContain('<html lang="en" data-theme="dark">')
    expect(html.indexOf('<meta name="color-scheme" content="dark">')).toBeLessThan(html.indexOf('frame.css'))
    expect(html.indexOf(':root[data-theme="dark"]{background:#15161a')).toBeLessThan(html.indexOf('frame.css'))
  })

  it('follows the system without a theme', () => {
    const html = framePageHtml(config(), 'add-card')
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<meta name="color-scheme" content="light dark">')
  })

  it('inlines no script: the page CSP allows scripts from its own origin only', () => {
    expect(framePageHtml(config('dark'), 'add-card')).not.toMatch(/<script(?![^>]*(type="application\/json"|src=))/)
  })
})
