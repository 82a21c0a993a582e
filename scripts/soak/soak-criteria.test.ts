import { describe, expect, it } from 'vitest'
import { judgeSoak, type SoakStats } from './soak-criteria.ts'

const reading = (rssMb: number, heapUsedMb = 30) => ({ rssMb, heapUsedMb })
const passing: SoakStats = {
  requests: 1000,
  byStatus: { '2xx': 1000 },
  serverErrors: 0,
  dropped: 0,
  unexpected: 0,
  latencyMs: { p50: 1, p99: 5, max: 9 },
  rssMb: [90, 120, 130, 131, 140, 150],
  memory: { afterWarmup: reading(170), atEnd: reading(180) },
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

  it('fails a run whose RSS after full collections stands more than 20 % higher at the end than after warm-up', () => {
    expect(judgeSoak({ ...passing, memory: { afterWarmup: reading(100), atEnd: reading(121) } })).toEqual([
      'RSS grew from 100 MB after warm-up to 121 MB at the end (more than 20 %, both after full collections)',
    ])
  })

  it("does not judge flatness on the unforced samples, a garbage collector's sawtooth", () => {
    const sawtooth = Array.from({ length: 40 }, (_, second) => 180 + (second % 20) * 8)
    expect(
      judgeSoak({ ...passing, rssMb: sawtooth, memory: { afterWarmup: reading(175), atEnd: reading(190) } }),
    ).toEqual([])
  })

  it('fails a run whose RSS reaches 400 MB in any sample', () => {
    expect(judgeSoak({ ...passing, rssMb: [380, 390, 400, 200] })).toEqual(['RSS reached 400 MB (limit 400 MB)'])
  })

  it('fails a run whose memory could not be read, saying why', () => {
    const { memory: _, ...withoutReadings } = passing
    expect(
      judgeSoak({ ...withoutReadings, memoryFailure: 'the server did not report its memory within 10000 ms' }),
    ).toEqual(["the server's memory could not be read: the server did not report its memory within 10000 ms"])
  })

  it('fails a run with no request answered or no memory reading', () => {
    const { memory: _, ...withoutReadings } = passing
    expect(judgeSoak({ ...withoutReadings, requests: 0 })).toEqual([
      'no request was answered',
      'no memory reading after warm-up and at the end: run longer than the warm-up',
    ])
  })

  it('judges a churn run on the bound and on filling the record budget, not on flatness: its records grow to the budget', () => {
    const churn = {
      ...passing,
      churn: { peakRecords: 99_000, recordLimit: 100_000 },
      memory: { afterWarmup: reading(150), atEnd: reading(300) },
    }
    expect(judgeSoak(churn)).toEqual([])
    expect(judgeSoak({ ...churn, memory: { afterWarmup: reading(150), atEnd: reading(410) } })).toEqual([
      'RSS after full collections reached 410 MB (limit 400 MB)',
    ])
    expect(judgeSoak({ ...churn, churn: { peakRecords: 50_000, recordLimit: 100_000 } })).toEqual([
      'the churn never filled the record budget: at most 50000 of 100000 records were held; run longer or with more --churn writers',
    ])
  })
})
