/**
 * Maps split into shards by key, which remember which shards changed since they were loaded: the
 * cache on disk is one file a shard, and a build writes only the shards it changed.
 */

/** How many shards each map of the cache is split into. */
export const shardCount = 32;

/** The shard a key falls into (FNV-1a of its UTF-16 code units: stable across runs and machines). */
export function shardOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shardCount;
}

/** A map of string keys kept as `shardCount` maps, with the shards changed since it was made. */
export class ShardedMap<V> implements Iterable<[string, V]> {
  readonly shards: Map<string, V>[];
  /** Shards written to or deleted from since the map was made (or loaded). */
  readonly dirty = new Set<number>();

  constructor(shards?: Map<string, V>[]) {
    this.shards = shards ?? Array.from({ length: shardCount }, () => new Map<string, V>());
  }

  get size(): number {
    let size = 0;
    for (const shard of this.shards) size += shard.size;
    return size;
  }
  get(key: string): V | undefined {
    return this.shards[shardOf(key)]!.get(key);
  }
  has(key: string): boolean {
    return this.shards[shardOf(key)]!.has(key);
  }
  set(key: string, value: V): this {
    const n = shardOf(key);
    this.shards[n]!.set(key, value);
    this.dirty.add(n);
    return this;
  }
  delete(key: string): boolean {
    const n = shardOf(key);
    if (!this.shards[n]!.delete(key)) return false;
    this.dirty.add(n);
    return true;
  }
  *keys(): IterableIterator<string> {
    for (const shard of this.shards) yield* shard.keys();
  }
  *entries(): IterableIterator<[string, V]> {
    for (const shard of this.shards) yield* shard.entries();
  }
  [Symbol.iterator](): IterableIterator<[string, V]> {
    return this.entries();
  }
}

/** Strings a shard's page records share (element ids and links repeat across pages), by index. */
export interface StringTable {
  strings: string[];
  /** Made on first need: a shard nothing is added to never builds it. */
  index?: Map<string, number>;
}

/** The index of `text` in `table`, added when new. */
export function internIn(table: StringTable, text: string): number {
  const index = (table.index ??= new Map(table.strings.map((s, i) => [s, i])));
  let n = index.get(text);
  if (n === undefined) {
    n = table.strings.push(text) - 1;
    index.set(text, n);
  }
  return n;
}
