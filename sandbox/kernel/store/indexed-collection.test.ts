import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { SandboxError } from '../sandbox-error.ts'
import { IndexedCollection } from './indexed-collection.ts'

const Pet = z.object({ id: z.string(), owner: z.string().nullable(), name: z.string() })
const pets = () =>
  new IndexedCollection(Pet, { noun: 'pets', roomHint: 'delete some pets', indexes: { byOwner: (pet) => pet.owner } })

describe('IndexedCollection', () => {
  it('finds records by a secondary index, oldest first', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    await collection.create({ id: 'p2', owner: 'bob', name: 'Tom' })
    await collection.create({ id: 'p3', owner: 'ann', name: 'Kit' })
    expect(collection.where('byOwner', 'ann').map((pet) => pet.id)).toEqual(['p1', 'p3'])
    expect(collection.oldestWhere('byOwner', 'ann')?.id).toBe('p1')
    expect(collection.where('byOwner', 'nobody')).toEqual([])
  })

  it('lists the keys an index files records under, and forgets a key no record is filed under', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    await collection.create({ id: 'p2', owner: 'bob', name: 'Tom' })
    await collection.create({ id: 'p3', owner: null, name: 'Stray' })
    expect(collection.keys('byOwner')).toEqual(['ann', 'bob'])
    collection.delete('p1')
    expect(collection.keys('byOwner')).toEqual(['bob'])
  })

  it('files nothing under a null key', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: null, name: 'Stray' })
    expect(collection.where('byOwner', 'null')).toEqual([])
    expect(collection.size).toBe(1)
  })

  it('keeps a record in its place under a key an update leaves unchanged', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    await collection.create({ id: 'p2', owner: 'ann', name: 'Kit' })
    await collection.update('p1', (pet) => void (pet.name = 'Max'))
    expect(collection.where('byOwner', 'ann').map((pet) => pet.id)).toEqual(['p1', 'p2'])
  })

  it('moves a record between keys when an update changes its key', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    await collection.update('p1', (draft) => {
      draft.owner = 'bob'
    })
    expect(collection.where('byOwner', 'ann')).toEqual([])
    expect(collection.where('byOwner', 'bob').map((pet) => pet.owner)).toEqual(['bob'])
  })

  it("updates the record in place, validated, without the collection's update (which scans for the record)", async () => {
    const collection = pets()
    const created = await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    const scan = vi.spyOn(collection.collection, 'update')
    const updated = await collection.update('p1', (draft) => {
      draft.name = 'Max'
    })
    expect(scan).not.toHaveBeenCalled()
    expect(updated).toBe(created)
    expect(collection.all()[0]?.name).toBe('Max')
    await expect(collection.update('p1', (draft) => Object.assign(draft, { name: 42 }))).rejects.toThrow()
    expect(collection.get('p1')?.name).toBe('Max')
  })

  it("gives a record's JSON text, the same text while the record is unchanged and the new one after an update", async () => {
    const collection = pets()
    const rex = await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    const first = collection.json(rex)
    expect(first).toBe(JSON.stringify(rex))
    expect(collection.json(rex)).toBe(first)
    await collection.update('p1', (draft) => void (draft.name = 'Max'))
    expect(collection.json(collection.get('p1')!)).toBe('{"id":"p1","owner":"ann","name":"Max"}')
  })

  it('forgets a deleted record in every index', async () => {
    const collection = pets()
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    collection.delete('p1')
    expect(collection.where('byOwner', 'ann')).toEqual([])
    expect(collection.oldest()).toBeUndefined()
  })

  it('answers 429 rate_limited past its cap, counting only what came after the cap was set', async () => {
    const collection = pets()
    await collection.create({ id: 'seeded', owner: 'ann', name: 'Rex' })
    collection.cap(1, 1)
    await collection.create({ id: 'p2', owner: 'ann', name: 'Tom' })
    const refused = await collection.create({ id: 'p3', owner: 'ann', name: 'Kit' }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(SandboxError)
    expect((refused as SandboxError).code).toBe('rate_limited')
    expect((refused as SandboxError).message).toBe(
      "this account holds 2 pets, the sandbox's cap for one account (docs/decisions/0044): delete some pets",
    )
    collection.delete('p2')
    await expect(collection.create({ id: 'p3', owner: 'ann', name: 'Kit' })).resolves.toMatchObject({ id: 'p3' })
  })

  describe('ordered indexes', () => {
    const ranked = () =>
      new IndexedCollection(Pet, {
        ordered: { byName: { key: (pet) => pet.owner, order: (pet) => pet.name }, filed: { key: () => 'all' } },
      })
    const names = (records: Iterable<{ name: string }>) => [...records].map((record) => record.name)

    it('walks a key greatest order first, whatever the order of filing', async () => {
      const collection = ranked()
      for (const [id, name] of [
        ['p1', 'b'],
        ['p2', 'd'],
        ['p3', 'a'],
        ['p4', 'c'],
      ])
        await collection.create({ id: id!, owner: 'ann', name: name! })
      expect(names(collection.newestWhere('byName', 'ann'))).toEqual(['d', 'c', 'b', 'a'])
    })

    it('walks only what sorts below a given order', async () => {
      const collection = ranked()
      for (const [id, name] of [
        ['p1', 'a'],
        ['p2', 'b'],
        ['p3', 'c'],
      ])
        await collection.create({ id: id!, owner: 'ann', name: name! })
      expect(names(collection.newestWhere('byName', 'ann', 'c'))).toEqual(['b', 'a'])
    })

    it('walks records without an order last filed first', async () => {
      const collection = ranked()
      for (const [id, name] of [
        ['p1', 'b'],
        ['p2', 'a'],
        ['p3', 'c'],
      ])
        await collection.create({ id: id!, owner: 'ann', name: name! })
      expect(names(collection.newestWhere('filed', 'all'))).toEqual(['c', 'a', 'b'])
    })

    it('moves a record whose order an update changes, and forgets a deleted one', async () => {
      const collection = ranked()
      for (const [id, name] of [
        ['p1', 'a'],
        ['p2', 'b'],
        ['p3', 'c'],
      ])
        await collection.create({ id: id!, owner: 'ann', name: name! })
      await collection.update('p1', (pet) => void (pet.name = 'z'))
      collection.delete('p2')
      expect(names(collection.newestWhere('byName', 'ann'))).toEqual(['z', 'c'])
    })
  })
})

describe('IndexedCollection.version', () => {
  it('is new after every create, update and delete, and stays while nothing is written', async () => {
    const collection = pets()
    const seen = [collection.version]
    await collection.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    seen.push(collection.version)
    collection.get('p1')
    collection.where('byOwner', 'ann')
    expect(collection.version).toBe(seen.at(-1))
    await collection.update('p1', (pet) => {
      pet.name = 'Max'
    })
    seen.push(collection.version)
    collection.delete('p1')
    seen.push(collection.version)
    expect(new Set(seen).size).toBe(4)
  })

  it('is never one another collection had, so a new store never matches an old one', async () => {
    const old = pets()
    await old.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    const fresh = pets()
    await fresh.create({ id: 'p1', owner: 'ann', name: 'Rex' })
    expect(fresh.version).not.toBe(old.version)
  })
})
