/** A small least-recently-used map: reads refresh an entry, the oldest goes beyond `max`. */
export class LruMap<K, V> {
  readonly max: number;
  private readonly entries = new Map<K, V>();
  constructor(max: number) {
    this.max = max;
  }
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }
  set(key: K, value: V): void {
    if (this.max <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as K);
  }
  delete(key: K): void {
    this.entries.delete(key);
  }
  get size(): number {
    return this.entries.size;
  }
}
