import { describe, expect, it } from 'vitest'
import { BackgroundWork } from './background-work.ts'

describe('BackgroundWork', () => {
  it('settles once the work started so far and the work it started have settled', async () => {
    const work = new BackgroundWork()
    const done: string[] = []
    work.start(
      Promise.resolve().then(() => {
        done.push('first')
        work.start(new Promise((resolve) => setTimeout(resolve, 10)).then(() => done.push('second')))
      }),
    )
    await work.settled()
    expect(done).toEqual(['first', 'second'])
  })

  it('keeps a failure to the work that failed', async () => {
    const work = new BackgroundWork()
    work.start(Promise.reject(new Error('receiver gone')))
    await expect(work.settled()).resolves.toBeUndefined()
  })
})
