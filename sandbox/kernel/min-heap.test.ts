import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MinHeap } from './min-heap.ts'

describe('MinHeap', () => {
  it('gives items back smallest first, ties in the order the comparator breaks them, whatever order they came in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 200 }), (values) => {
        const items = values.map((value, seq) => ({ value, seq }))
        const heap = new MinHeap<(typeof items)[number]>(
          (a, b) => a.value < b.value || (a.value === b.value && a.seq < b.seq),
        )
        for (const item of items) heap.push(item)
        const out = Array.from({ length: items.length }, () => heap.pop()!)
        expect(out).toEqual([...items].sort((a, b) => a.value - b.value || a.seq - b.seq))
        expect(heap.pop()).toBeUndefined()
      }),
    )
  })

  it('compares each item O(log n) times to add it and to take it', () => {
    let comparisons = 0
    const heap = new MinHeap<number>((a, b) => (comparisons++, a < b))
    const n = 1 << 13
    // Rising (each new item goes last: a sorted array scans them all) then falling (each goes first: the whole height).
    for (let i = 1; i <= n; i++) heap.push(i)
    for (let i = 1; i <= n; i++) heap.push(-i)
    expect(comparisons).toBeLessThanOrEqual(2 * n * 14)
    comparisons = 0
    for (let i = 0; i < 2 * n; i++) heap.pop()
    expect(comparisons).toBeLessThanOrEqual(2 * n * 2 * 14)
  })

  it('peeks without taking, and empties on clear', () => {
    const heap = new MinHeap<number>((a, b) => a < b)
    heap.push(2)
    heap.push(1)
    expect(heap.peek()).toBe(1)
    expect(heap.size).toBe(2)
    heap.clear()
    expect(heap.peek()).toBeUndefined()
    expect(heap.size).toBe(0)
  })
})
