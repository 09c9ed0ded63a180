import { describe, expect, it } from 'vitest';
import { FaceDescriptors, type StoredDescriptor } from './face-descriptors.js';

/** A face's stored numbers: 128 of them, the first telling faces apart. */
const stored = (id: string, first: number): StoredDescriptor => ({
  id,
  descriptor: JSON.stringify([first, 0.125, ...Array.from({ length: 126 }, () => 0.5)]),
});

/** The faces in the database, and the ids each read asked for. */
function database(...faces: StoredDescriptor[]) {
  const rows = new Map(faces.map((face) => [face.id, face]));
  const asked: string[][] = [];
  return {
    rows,
    asked,
    read: (ids: readonly string[]) => {
      asked.push([...ids]);
      return Promise.resolve(ids.flatMap((id) => rows.get(id) ?? []));
    },
  };
}

/** What `of` gave for each face of the list: its first number, or null for none. */
async function firstNumbers(
  kept: FaceDescriptors,
  ownerId: string,
  ids: string[],
  read: (ids: readonly string[]) => Promise<StoredDescriptor[]>,
) {
  const numbers = await kept.of(ownerId, ids, read);
  expect(numbers).toHaveLength(ids.length);
  return Object.fromEntries(ids.map((id, i) => [id, numbers[i]?.[0] ?? null]));
}

describe('the numbers of faces kept between groupings', () => {
  it('reads a face once: the next grouping reads only the faces it has not seen', async () => {
    const db = database(stored('a', 0.25), stored('b', -0.75));
    const kept = new FaceDescriptors(100);
    const first = await kept.of('owner', ['a', 'b'], db.read);
    expect(first.map((numbers) => numbers?.[0])).toEqual([0.25, -0.75]);
    expect(first[0]).toHaveLength(128);

    db.rows.set('c', stored('c', 0.5));
    const second = await kept.of('owner', ['a', 'b', 'c'], db.read);
    expect(db.asked).toEqual([['a', 'b'], ['c']]);
    expect(second.map((numbers) => numbers?.[0])).toEqual([0.25, -0.75, 0.5]);
    // The same numbers whether kept or just read.
    expect([...second[0]!]).toEqual([...first[0]!]);

    expect(await firstNumbers(kept, 'owner', ['c', 'a', 'b'], db.read)).toEqual({
      a: 0.25,
      b: -0.75,
      c: 0.5,
    });
    expect(db.asked).toHaveLength(2);
  });

  it('gives no numbers for a face no longer in the list, and forgets it', async () => {
    const db = database(stored('a', 0.25), stored('b', -0.75));
    const kept = new FaceDescriptors(100);
    await kept.of('owner', ['a', 'b'], db.read);
    db.rows.delete('a');

    expect(await firstNumbers(kept, 'owner', ['b'], db.read)).toEqual({ b: -0.75 });
    expect(kept.size).toBe(1);
    expect(db.asked).toEqual([['a', 'b']]);
  });

  it('gives none for a face deleted between the list and the read of its numbers', async () => {
    const db = database(stored('a', 0.25));
    const kept = new FaceDescriptors(100);
    expect(await firstNumbers(kept, 'owner', ['a', 'gone'], db.read)).toEqual({
      a: 0.25,
      gone: null,
    });
    expect(kept.size).toBe(1);
  });

  it('uses and keeps only the faces asked for when a read gives more', async () => {
    const db = database(stored('a', 0.25), stored('b', -0.75));
    const kept = new FaceDescriptors(100);
    const readAll = async () => [...db.rows.values()];
    expect(await firstNumbers(kept, 'owner', ['b'], readAll)).toEqual({ b: -0.75 });
    expect(kept.size).toBe(1);
  });

  it("keeps one owner's faces apart from another's", async () => {
    const db = database(stored('a', 0.25), stored('b', -0.75));
    const kept = new FaceDescriptors(100);
    await kept.of('ann', ['a'], db.read);
    await kept.of('bob', ['a', 'b'], db.read);
    expect(db.asked).toEqual([['a'], ['a', 'b']]);
  });

  it('keeps at most its capacity: the owners grouped least recently give way', async () => {
    const db = database(...['a', 'b', 'c', 'd'].map((id, i) => stored(id, i / 8)));
    const kept = new FaceDescriptors(3);
    await kept.of('ann', ['a', 'b'], db.read);
    await kept.of('bob', ['c', 'd'], db.read);
    expect(kept.size).toBe(3);

    // Ann gave way for one face, her newest: only it is read again.
    expect(await firstNumbers(kept, 'ann', ['a', 'b'], db.read)).toEqual({ a: 0, b: 0.125 });
    expect(db.asked.at(-1)).toEqual(['b']);
    expect(kept.size).toBe(3);
    // Bob gave way in turn.
    await kept.of('bob', ['c', 'd'], db.read);
    expect(db.asked.at(-1)).toEqual(['d']);
  });

  it('an owner with more faces than that keeps their first ones, reads the others each time', async () => {
    const db = database(...['a', 'b', 'c'].map((id, i) => stored(id, i / 8)));
    const kept = new FaceDescriptors(2);
    await kept.of('ann', ['a', 'b', 'c'], db.read);
    const numbers = await firstNumbers(kept, 'ann', ['a', 'b', 'c'], db.read);
    await kept.of('ann', ['a', 'b', 'c'], db.read);
    expect(db.asked).toEqual([['a', 'b', 'c'], ['c'], ['c']]);
    expect(numbers).toEqual({ a: 0, b: 0.125, c: 0.25 });
    expect(kept.size).toBe(2);
  });
});
