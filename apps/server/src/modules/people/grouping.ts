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
  descriptor: readonly number[];
}

export interface Grouping {
  /** Faces that join an existing person. */
  joins: Map<string, string>;
  /** Faces that together make a new person, one list per person. */
  newPeople: string[][];
}

export function distance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) {
    const d = a[i]! - b[i]!;
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
  const dbscan = new clustering.DBSCAN();
  const clusters = dbscan.run(
    left.map((face) => [...face.descriptor]),
    SAME_PERSON_DISTANCE,
    PERSON_MIN_FACES,
    distance,
  );
  return { joins, newPeople: clusters.map((cluster) => cluster.map((index) => left[index]!.id)) };
}
