import { describe, expect, it } from 'vitest'
import { judgeSoak, rssBeforeAfter, type SoakStats } from './soak-criteria.ts'

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

  it('fails a run whose RSS at the end stands more than 20 % above its RSS after warm-up (medians of 10 s)', () => {
    const rssMb = [90, ...Array(10).fill(100), ...Array(10).fill(110), ...Array(10).fill(121)]
    expect(judgeSoak({ ...passing, rssMb, warmupIndex: 1 })).toEqual(['RSS grew from 100 MB after warm-up to 121 MB at the end (more than 20 %)'])
  })

  it("does not take a garbage collector's sawtooth for growth", () => {
    const sawtooth = Array.from({ length: 40 }, (_, second) => (second % 8 < 6 ? 100 + (second % 8) * 8 : 100))
    expect(judgeSoak({ ...passing, rssMb: [90, ...sawtooth], warmupIndex: 1 })).toEqual([])
  })

  it('ignores growth during warm-up', () => {
    expect(judgeSoak({ ...passing, rssMb: [40, 100, 101, 100], warmupIndex: 1 })).toEqual([])
  })

  it('reports RSS after warm-up and at the end as medians of the first and last windows', () => {
    expect(rssBeforeAfter({ rssMb: [50, 100, 300, 102, 101, 99, 104, 110, 103, 105], warmupIndex: 1 })).toEqual({ afterWarmup: 102, atEnd: 105, windowSamples: 3 })
  })

  it('fails a run whose RSS reaches 400 MB', () => {
    expect(judgeSoak({ ...passing, rssMb: [380, 390, 400], warmupIndex: 0 })).toEqual(['RSS reached 400 MB (limit 400 MB)'])
  })

  it('fails a run with no request answered or no sample after warm-up', () => {
    expect(judgeSoak({ ...passing, requests: 0, rssMb: [50, 60], warmupIndex: 1 })).toEqual(['no request was answered', 'fewer than 3 RSS samples after warm-up: run longer than the warm-up'])
  })
})
