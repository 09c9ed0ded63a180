/**
 * Small derived images kept in memory, least recently used first out, bounded by the bytes they
 * hold. Blob keys name bytes that never change (a new image gets a new id, a rotated one new
 * keys for its edit version), so an entry is never stale; a deleted file is refused, and a rotated
 * file's row names its new keys, before a key is looked up here.
 */
export class ImageCache {
  private readonly entries = new Map<string, Buffer>();
  private held = 0;

  constructor(
    /** Most bytes held in all; 0 keeps nothing. */
    readonly maxBytes: number,
    /** Larger images are never kept: they would push many small ones out. */
    readonly maxEntryBytes: number,
  ) {}

  /** Bytes held now. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Whether an image of this many bytes would be kept. */
  accepts(bytes: number): boolean {
    return bytes <= this.maxEntryBytes && bytes <= this.maxBytes;
  }

  get(key: string): Buffer | undefined {
    const bytes = this.entries.get(key);
    if (bytes) {
      // Most recently used last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, bytes);
    }
    return bytes;
  }

  set(key: string, bytes: Buffer): void {
    if (!this.accepts(bytes.length)) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.held -= previous.length;
    }
    this.entries.set(key, bytes);
    this.held += bytes.length;
    for (const [oldest, old] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= old.length;
    }
  }
}
