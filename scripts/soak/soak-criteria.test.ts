import { describe, expect, it } from 'vitest'
import { judgeSoak, quantile, type SoakStats } from './soak-criteria.ts'

const passing: SoakStats = {
  requests: 1000, byStatus: { '2xx': 1000 }, serverErrors: 0, dropped: 0, unexpected: 0,
  latencyMs: { p50: 1, p99: 5, max: 9 }, rssMb: [90, 120, 130, 131, 140, 150], warmupIndex: 2,
}

describe('judgeSoak', () => {
  it('passes a run with no 5xx, nothing dropped and a flat RSS after warm-up', () => {
    expect(judgeSoak(passing)).toEqual([])
  })

  it('fails a run with a 5xx', () => {
    expect(judgeSoak({ ...passing, serverErrors: 1 })).toEqual(['1 answers were 5xx'])
  })

  it('fails a run with a dropped connection', () => {
    expect(judgeSoak({ ...passing, dropped: 2 })).toEqual(['2 connections were dropped'])
  })

  it('fails a run whose answers the mix did not expect', () => {
    expect(judgeSoak({ ...passing, unexpected: 3 })).toEqual(['3 answers had a status the request did not expect'])
  })

  it('fails a run whose RSS grows more than 20 % after warm-up, judged on 5 s medians', () => {
    const rssMb = [90, 100, 100, 101, 100, 100, 118, 121, 122, 121, 125]
    expect(judgeSoak({ ...passing, rssMb, warmupIndex: 1 })).toEqual(['RSS grew from 100 MB after warm-up to 121 MB (more than 20 %)'])
  })

  it("does not take one sample of a garbage collector's sawtooth for growth", () => {
    expect(judgeSoak({ ...passing, rssMb: [90, 100, 100, 130, 100, 100, 101, 99, 135, 100, 100], warmupIndex: 1 })).toEqual([])
  })

  it('ignores growth during warm-up', () => {
    expect(judgeSoak({ ...passing, rssMb: [40, 100, 101, 100], warmupIndex: 1 })).toEqual([])
  })

  it('fails a run whose RSS reaches 400 MB', () => {
    expect(judgeSoak({ ...passing, rssMb: [380, 390, 400], warmupIndex: 0 })).toEqual(['RSS reached 400 MB (limit 400 MB)'])
  })

  it('fails a run with no request answered or no sample after warm-up', () => {
    expect(judgeSoak({ ...passing, requests: 0, rssMb: [50], warmupIndex: 1 })).toEqual(['no request was answered', 'no RSS sample after warm-up: run longer than the warm-up'])
  })
})

describe('quantile', () => {
  it('picks the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1)
    expect([quantile(sorted, 0.5), quantile(sorted, 0.99), quantile(sorted, 1)]).toEqual([50, 99, 100])
  })
})
