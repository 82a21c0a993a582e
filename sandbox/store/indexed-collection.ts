import { Collection } from '@msw/data'
import type { z } from 'zod'

/**
 * An @msw/data collection of records with an `id`, plus a Map index by id, so
 * the lookups on every request do not scan. Writes go through the collection
 * (which validates against the zod schema) and keep the index in step.
 *
 * @example
 * const cards = new IndexedCollection(CardRecord)
 * await cards.create(card)
 * cards.get(card.id)
 */
export class IndexedCollection<Schema extends z.ZodType<{ id: string }>> {
  readonly collection: Collection<Schema>
  private readonly byId = new Map<string, z.output<Schema>>()

  constructor(schema: Schema) {
    this.collection = new Collection({ schema })
  }

  /** Validates and stores a record. */
  async create(values: z.input<Schema>): Promise<z.output<Schema>> {
    const record = (await this.collection.create(values)) as z.output<Schema>
    this.byId.set(record.id, record)
    return record
  }

  /** The record with this id, if any. */
  get(id: string): z.output<Schema> | undefined {
    return this.byId.get(id)
  }

  /** Applies `change` to a draft of the record; the collection re-validates it. */
  async update(id: string, change: (draft: z.output<Schema>) => void): Promise<z.output<Schema> | undefined> {
    const current = this.byId.get(id)
    if (!current) return undefined
    const next = (await this.collection.update(current as never, { data: change as never })) as z.output<Schema> | undefined
    if (next) this.byId.set(id, next)
    return next
  }

  /** Removes the record; true when it existed. */
  delete(id: string): boolean {
    const current = this.byId.get(id)
    if (!current) return false
    this.collection.delete(current as never)
    this.byId.delete(id)
    return true
  }

  /** Records matching a predicate, in insertion order. */
  filter(predicate: (record: z.output<Schema>) => boolean): Array<z.output<Schema>> {
    return this.collection.findMany((q) => q.where(predicate as never)) as Array<z.output<Schema>>
  }

  /** Every record, in insertion order. */
  all(): Array<z.output<Schema>> {
    return this.collection.all() as Array<z.output<Schema>>
  }
}
