import clustering from 'density-clustering';

/**
 * Grouping faces into people (decision 0102), incrementally: a face not yet anyone's joins the
 * person of its nearest face when that one is nearer than SAME_PERSON_DISTANCE; the faces left
 * over are clustered by DBSCAN (density-clustering), and each cluster of PERSON_MIN_FACES or more
 * becomes a new person. Faces the owner placed (pinned) are never moved, and a pinned face that
 * is nobody's stays so.
 */

/**
 * Below this distance between two faces' 128 numbers, they are the same person. Here the same face
 * flipped and made smaller measured 0.27–0.29, two different people 0.87.
 */
export const SAME_PERSON_DISTANCE = 0.5;
/** Faces that a new person needs: one, so a face seen once already has its page. */
export const PERSON_MIN_FACES = 1;

export interface FaceToGroup {
  id: string;
  personId: string | null;
  pinned: boolean;
  /** As face-descriptors.ts keeps it. */
  descriptor: Float32Array;
}

export interface Grouping {
  /** Faces that join an existing person. */
  joins: Map<string, string>;
  /** Faces that together make a new person, one list per person. */
  newPeople: string[][];
}

/** A face's numbers. */
const DESCRIPTOR_LENGTH = 128;

/**
 * Only ever given Float32Array: V8 runs it about twice as slowly once it has seen arrays of two
 * kinds (plain arrays and Float32Array).
 */
function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/** distance() between faces a and b of `packed`, whose descriptors lie one after the other. */
function distanceIn(packed: Float32Array, a: number, b: number): number {
  const x = a * DESCRIPTOR_LENGTH;
  const y = b * DESCRIPTOR_LENGTH;
  let sum = 0;
  for (let i = 0; i < DESCRIPTOR_LENGTH; i += 1) {
    const d = packed[x + i]! - packed[y + i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

export function groupFaces(faces: readonly FaceToGroup[]): Grouping {
  const placed = faces.filter((face) => face.personId !== null);
  const waiting = faces.filter((face) => face.personId === null && !face.pinned);
  const joins = new Map<string, string>();
  const left: FaceToGroup[] = [];
  for (const face of waiting) {
    let nearest: { personId: string; distance: number } | undefined;
    for (const other of placed) {
      const d = distance(face.descriptor, other.descriptor);
      if (d < SAME_PERSON_DISTANCE && (!nearest || d < nearest.distance)) {
        nearest = { personId: other.personId!, distance: d };
      }
    }
    if (nearest) {
      joins.set(face.id, nearest.personId);
      placed.push({ ...face, personId: nearest.personId });
    } else {
      left.push(face);
    }
  }
  const clusters = clusterDescriptors(left.map((face) => face.descriptor));
  return { joins, newPeople: clusters.map((cluster) => cluster.map((index) => left[index]!.id)) };
}

/**
 * DBSCAN over the descriptors: clusters of their indexes. DBSCAN is given each one's index, and
 * measures between them laid one after the other in one array, as fast as on plain arrays (with
 * an array each, twice as long at 10,000 faces).
 */
export function clusterDescriptors(descriptors: readonly Float32Array[]): number[][] {
  const packed = new Float32Array(descriptors.length * DESCRIPTOR_LENGTH);
  for (const [index, descriptor] of descriptors.entries()) {
    packed.set(descriptor, index * DESCRIPTOR_LENGTH);
  }
  return new clustering.DBSCAN().run(
    descriptors.map((_, index) => [index]),
    SAME_PERSON_DISTANCE,
    PERSON_MIN_FACES,
    (a, b) => distanceIn(packed, a[0]!, b[0]!),
  );
}
