/**
 * The 128 numbers of faces, parsed once per process and kept by owner and face id (decision 0123):
 * a face's numbers never change for its id (a new scan makes new faces), so grouping reads and
 * parses only the faces it has not seen yet. As Float32Array, the model's own precision; every
 * face grouped goes through it, known or not, so that what is kept never changes a grouping.
 *
 * At most `capacity` faces are kept, over all owners. The faces of the owner grouped last are
 * kept in place of those of the owners grouped least recently; an owner with more faces than
 * that keeps their first ones (the list's order, oldest first), and the others are read each
 * time. Faces no longer in an owner's list (deleted) are dropped by their owner's next grouping.
 */

/** A face's descriptor as stored: its 128 numbers as JSON. */
export interface StoredDescriptor {
  id: string;
  descriptor: string;
}

export function parseDescriptor(text: string): Float32Array {
  return Float32Array.from(JSON.parse(text) as number[]);
}

export class FaceDescriptors {
  /** Each owner's faces' numbers by id, first read first; the owner grouped last, last. */
  private readonly owners = new Map<string, Map<string, Float32Array>>();
  private count = 0;

  constructor(readonly capacity: number) {}

  /** How many faces' numbers are kept. */
  get size(): number {
    return this.count;
  }

  /**
   * The numbers of the owner's faces `ids` (their list, as grouping reads it), in that order:
   * those kept, and those `read` gives for the others (it may give others too); none for a face
   * `read` does not give (deleted since). Afterwards the faces kept of the owner are those of the
   * list, as many as the capacity allows.
   */
  async of(
    ownerId: string,
    ids: readonly string[],
    read: (ids: readonly string[]) => Promise<readonly StoredDescriptor[]>,
  ): Promise<(Float32Array | undefined)[]> {
    const kept = this.owners.get(ownerId);
    const numbers: (Float32Array | undefined)[] = [];
    const unknown: number[] = [];
    for (const [i, id] of ids.entries()) {
      const known = kept?.get(id);
      numbers.push(known);
      if (!known) unknown.push(i);
    }
    // Kept faces that are not in the list any more were deleted: forgotten.
    if (kept && kept.size > ids.length - unknown.length) {
      const listed = new Set(ids);
      for (const id of kept.keys()) {
        if (!listed.has(id)) {
          kept.delete(id);
          this.count -= 1;
        }
      }
      if (kept.size === 0) this.owners.delete(ownerId);
    }
    if (unknown.length === 0) {
      this.touch(ownerId);
      return numbers;
    }
    const rows = await read(unknown.map((i) => ids[i]!));
    // `read` may give more faces than asked for: only those asked for are parsed.
    const texts = new Map(rows.map((row) => [row.id, row.descriptor]));
    const added: [string, Float32Array][] = [];
    for (const i of unknown) {
      const text = texts.get(ids[i]!);
      if (text === undefined) continue;
      const found = parseDescriptor(text);
      numbers[i] = found;
      added.push([ids[i]!, found]);
    }
    this.keep(ownerId, added);
    return numbers;
  }

  /** The owner becomes the one grouped most recently. */
  private touch(ownerId: string) {
    const kept = this.owners.get(ownerId);
    if (!kept) return;
    this.owners.delete(ownerId);
    this.owners.set(ownerId, kept);
  }

  /**
   * Keeps the owner's faces `added` too, first ones first: the owners grouped least recently give
   * way; when none is left, the rest are not kept.
   */
  private keep(ownerId: string, added: readonly [string, Float32Array][]) {
    this.touch(ownerId);
    for (const [other, faces] of this.owners) {
      const over = this.count + added.length - this.capacity;
      if (over <= 0 || other === ownerId) break;
      if (faces.size <= over) {
        this.owners.delete(other);
        this.count -= faces.size;
      } else {
        for (const id of [...faces.keys()].slice(faces.size - over)) faces.delete(id);
        this.count -= over;
      }
    }
    let kept = this.owners.get(ownerId);
    for (const [id, numbers] of added) {
      if (this.count >= this.capacity) break;
      if (!kept) {
        kept = new Map();
        this.owners.set(ownerId, kept);
      }
      if (kept.has(id)) continue;
      kept.set(id, numbers);
      this.count += 1;
    }
  }
}
