import { describe, expect, it } from 'vitest'
import { OneAtATime } from './one-at-a-time.ts'

describe('OneAtATime', () => {
  it('starts each task once the one before it has settled', async () => {
    const queue = new OneAtATime()
    const log: string[] = []
    const task = (name: string) => async () => {
      log.push(`${name} starts`)
      await new Promise((resolve) => setImmediate(resolve))
      log.push(`${name} ends`)
      return name
    }
    const results = await Promise.all([queue.run(task('a')), queue.run(task('b'))])
    expect(results).toEqual(['a', 'b'])
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends'])
  })

  it('runs the next task after one that throws, and rejects only that one', async () => {
    const queue = new OneAtATime()
    const failed = queue.run(async () => {
      throw new Error('boom')
    })
    const next = queue.run(async () => 'next')
    await expect(failed).rejects.toThrow('boom')
    await expect(next).resolves.toBe('next')
  })

  it('starts a task at once when nothing is unsettled, and after the one under way otherwise', async () => {
    const queue = new OneAtATime()
    const order: string[] = []
    let release!: () => void
    const first = queue.runNowIfIdle(async () => {
      order.push('first starts')
      await new Promise<void>((resolve) => (release = resolve))
      order.push('first ends')
    })
    const second = queue.runNowIfIdle(async () => void order.push('second starts'))
    expect(order).toEqual(['first starts'])
    release()
    await Promise.all([first, second])
    expect(order).toEqual(['first starts', 'first ends', 'second starts'])
  })
})
