import type {
  CreatePersonRequest,
  Face,
  FaceIndexStatus,
  MergePeopleRequest,
  MoveFaceRequest,
  People,
  PeopleQuery,
  Person,
  PhotoPeople,
  UpdatePersonRequest,
} from '@photo/contract';
import { SEARCH_PEOPLE_MAX } from '@photo/contract';
import type { AppDeps } from '../../deps.js';
import { INDEX_FACES, INDEX_FACES_BACKFILL } from '../../infra/job-queue.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { AppError, invalid, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { requireAdmin } from '../admin/admin.service.js';
import { requireVisiblePhoto } from '../photos/photos.service.js';
import { startBackfill } from './face-jobs.js';
import {
  countScans,
  deletePersonIfEmpty,
  findFace,
  findFaceCrop,
  findPerson,
  insertPerson,
  listFailedScans,
  listFileFaces,
  listNamedPeople,
  listPeople,
  mergePeople,
  setFacePerson,
  updatePerson,
  type FaceRow,
  type PersonRow,
} from './people.repository.js';

/** People: the faces of a person's own photos, grouped; theirs alone (decision 0102). */

type UrlDeps = Pick<AppDeps, 'config' | 'pictureSigner'>;

/** The subject a face crop's URL is signed for: not a file id, so it opens no file. */
const cropSubject = (faceId: string) => `face:${faceId}`;

/** The signed, expiring address of a face's crop (an <img> sends no ID token). */
export function faceUrl(deps: UrlDeps, faceId: string): string {
  const { exp, sig } = deps.pictureSigner.sign(cropSubject(faceId));
  return `${deps.config.publicUrl ?? ''}/api/faces/${encodeURIComponent(faceId)}/crop?exp=${exp}&sig=${sig}`;
}

function toPerson(row: PersonRow, deps: UrlDeps): Person {
  return {
    id: row.id,
    name: row.name,
    faceUrl: row.cover_face_id === null ? '' : faceUrl(deps, row.cover_face_id),
    count: Number(row.count),
    hidden: row.hidden === 1,
  };
}

const BOX_SCALE = 10_000;

function toFace(row: FaceRow, deps: UrlDeps): Face {
  return {
    id: row.id,
    personId: row.person_id,
    faceUrl: faceUrl(deps, row.id),
    box: {
      x: row.box_x / BOX_SCALE,
      y: row.box_y / BOX_SCALE,
      width: row.box_w / BOX_SCALE,
      height: row.box_h / BOX_SCALE,
    },
  };
}

/** The caller's people, hidden ones only when asked. */
export async function listMyPeople(
  deps: AppDeps,
  caller: AuthUser,
  query: PeopleQuery,
): Promise<People> {
  const rows = await listPeople(deps.db, caller.id, { includeHidden: query.hidden ?? false });
  return { people: rows.map((row) => toPerson(row, deps)) };
}

/** One of the caller's people; 404 for anyone else's, and for one no photo shows any more. */
export async function getPerson(deps: AppDeps, caller: AuthUser, id: string): Promise<Person> {
  const [row] = await listPeople(deps.db, caller.id, { includeHidden: true, ids: [id] });
  if (!row) throw notFound('PERSON_NOT_FOUND', 'The person');
  return toPerson(row, deps);
}

/** Refuses (404) a person who is not the caller's. */
export async function requireOwnPerson(deps: AppDeps, caller: AuthUser, id: string) {
  const person = await findPerson(deps.db, caller.id, id);
  if (!person) throw notFound('PERSON_NOT_FOUND', 'The person');
  return person;
}

/** Names (or unnames: null or "") a person, hides or shows them. */
export async function changePerson(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  body: UpdatePersonRequest,
): Promise<Person> {
  await requireOwnPerson(deps, caller, id);
  await updatePerson(deps.db, id, {
    ...(body.name !== undefined ? { name: body.name === '' ? null : body.name } : {}),
    ...(body.hidden !== undefined ? { hidden: body.hidden ? 1 : 0 } : {}),
  });
  return getPerson(deps, caller, id);
}

/** The faces of the person named in the body join the person of the path, who keeps their name. */
export async function mergeIntoPerson(
  deps: AppDeps,
  caller: AuthUser,
  id: string,
  body: MergePeopleRequest,
): Promise<Person> {
  if (body.personId === id) throw invalid('body.personId', 'must name another person.');
  await deps.db.transaction().execute(async (trx) => {
    const into = await findPerson(trx, caller.id, id);
    const from = await findPerson(trx, caller.id, body.personId);
    if (!into || !from) throw notFound('PERSON_NOT_FOUND', 'The person');
    await mergePeople(trx, from.id, into.id);
    if (into.name === null && from.name !== null)
      await updatePerson(trx, into.id, { name: from.name });
  });
  return getPerson(deps, caller, id);
}

/**
 * A face goes to another of the caller's people, or to nobody (null); either way it stays where
 * the owner put it. A person left without faces is gone.
 */
export async function moveFace(
  deps: AppDeps,
  caller: AuthUser,
  faceId: string,
  body: MoveFaceRequest,
): Promise<Face> {
  const moved = await deps.db.transaction().execute(async (trx) => {
    const face = await findFace(trx, caller.id, faceId);
    if (!face) throw notFound('FACE_NOT_FOUND', 'The face');
    if (body.personId !== null && !(await findPerson(trx, caller.id, body.personId))) {
      throw notFound('PERSON_NOT_FOUND', 'The person');
    }
    await setFacePerson(trx, face.id, body.personId, true);
    if (face.person_id !== null && face.person_id !== body.personId) {
      await deletePersonIfEmpty(trx, face.person_id);
    }
    return { ...face, person_id: body.personId, pinned: 1 };
  });
  return toFace(moved, deps);
}

/**
 * A new person of these faces of the caller's, each taken from the person it was in (who is gone
 * once left without faces) and kept there (pinned). 404 when a face is not the caller's.
 */
export async function createPerson(
  deps: AppDeps,
  caller: AuthUser,
  body: CreatePersonRequest,
): Promise<Person> {
  const id = newId();
  await deps.db.transaction().execute(async (trx) => {
    const faces = [];
    for (const faceId of new Set(body.faceIds)) {
      const face = await findFace(trx, caller.id, faceId);
      if (!face) throw notFound('FACE_NOT_FOUND', 'The face');
      faces.push(face);
    }
    await insertPerson(trx, {
      id,
      owner_id: caller.id,
      created_at: deps.clock.now().toISOString(),
    });
    for (const face of faces) await setFacePerson(trx, face.id, id, true);
    for (const left of new Set(faces.map((face) => face.person_id))) {
      if (left !== null) await deletePersonIfEmpty(trx, left);
    }
  });
  return getPerson(deps, caller, id);
}

/**
 * The people in a photo and where their faces are: for the owner of its file only; anyone else who
 * sees the photo is told of none. 404 for a photo the caller may not see.
 */
export async function photoPeople(
  deps: AppDeps,
  caller: AuthUser,
  photoId: string,
): Promise<PhotoPeople> {
  const photo = await requireVisiblePhoto(deps, caller, photoId);
  const faces = await listFileFaces(deps.db, caller.id, photo.file_id);
  const ids = [...new Set(faces.flatMap((face) => (face.person_id ? [face.person_id] : [])))];
  const people = await listPeople(deps.db, caller.id, { includeHidden: false, ids });
  return {
    people: people.map((row) => toPerson(row, deps)),
    faces: faces.map((face) => toFace(face, deps)),
  };
}

/**
 * A face's crop, for a URL signed for it (faceUrl). 404 without a good signature, or once the
 * face is gone; expired URLs too, as picture URLs (the page asks for a new one).
 */
export async function faceCropOf(
  deps: AppDeps,
  faceId: string,
  signature: { exp?: number | undefined; sig?: string | undefined },
): Promise<{ bytes: Buffer; maxAgeSeconds: number }> {
  const { exp, sig } = signature;
  if (
    exp === undefined ||
    sig === undefined ||
    !deps.pictureSigner.verify(cropSubject(faceId), exp, sig)
  ) {
    throw notFound('FACE_NOT_FOUND', 'The face');
  }
  const face = await findFaceCrop(deps.db, faceId);
  if (!face) throw notFound('FACE_NOT_FOUND', 'The face');
  return {
    bytes: Buffer.from(face.crop, 'base64'),
    maxAgeSeconds: deps.pictureSigner.secondsLeft(exp),
  };
}

/** Search: the caller's people (not hidden) whose name holds the text (case-insensitive). */
export async function searchPeople(
  deps: AppDeps,
  caller: AuthUser,
  text: string,
): Promise<Person[]> {
  const rows = await listPeople(deps.db, caller.id, {
    includeHidden: false,
    nameLike: `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`,
    limit: SEARCH_PEOPLE_MAX,
  });
  return rows.map((row) => toPerson(row, deps));
}

/** The caller's named people, not hidden: the names the search box reads (decision 0109). */
export function namedPeople(deps: AppDeps, caller: AuthUser) {
  return listNamedPeople(deps.db, caller.id);
}

/** The caller's people of these ids (not hidden), as search lists them. */
export async function peopleOfIds(
  deps: AppDeps,
  caller: AuthUser,
  ids: readonly string[],
): Promise<Person[]> {
  const rows = await listPeople(deps.db, caller.id, { includeHidden: false, ids });
  return rows.map((row) => toPerson(row, deps));
}

/** The latest failures the administration page shows. */
const FAILURES_SHOWN = 20;

/** How far the indexing of faces is, over every photo stored (administrators only). */
export async function faceIndexStatus(deps: AppDeps, caller: AuthUser): Promise<FaceIndexStatus> {
  await requireAdmin(deps, caller);
  const [counts, failures, faces, backfill] = await Promise.all([
    countScans(deps.db),
    listFailedScans(deps.db, FAILURES_SHOWN),
    deps.jobQueue.depth(INDEX_FACES),
    deps.jobQueue.depth(INDEX_FACES_BACKFILL),
  ]);
  return {
    enabled: deps.config.ml.enabled,
    photos: counts.photos,
    indexed: counts.done + counts.failed,
    failed: counts.failed,
    waiting: faces.waiting + backfill.waiting,
    active: faces.active + backfill.active,
    errors: failures.map((row) => ({
      fileId: row.file_id,
      message: row.error ?? '',
      at: row.scanned_at,
    })),
  };
}

/** Starts indexing every photo not indexed yet (administrators only); 409 when ML_ENABLED=false. */
export async function startFaceBackfill(deps: AppDeps, caller: AuthUser): Promise<FaceIndexStatus> {
  await requireAdmin(deps, caller);
  if (!deps.config.ml.enabled) {
    throw new AppError(
      'CONFLICT',
      'Face indexing is turned off on this server (ML_ENABLED=false).',
    );
  }
  await startBackfill(deps);
  return faceIndexStatus(deps, caller);
}
