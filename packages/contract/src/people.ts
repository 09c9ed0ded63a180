import { z } from 'zod';

/**
 * People: faces found in a person's own photos on the server, grouped into the people they show
 * (docs/decisions/0102-faces-on-the-server.md). Only the photos' owner sees them.
 */

/** At most this many characters in a person's name. */
export const PERSON_NAME_MAX = 100;
/** At most this many people in a search's answer. */
export const SEARCH_PEOPLE_MAX = 10;

const id = z.string().min(1).max(200);

/** A person: the faces grouped as one, with the best one's crop and how many photos show them. */
export const personSchema = z
  .object({
    id,
    /** The name the owner gave; null until named. */
    name: z.string().nullable(),
    /** The address of the crop of their clearest face (signed, expiring). */
    faceUrl: z.string(),
    /** How many of the owner's photos show them (Trash and the locked place left out). */
    count: z.number().int().min(0),
    /** Hidden from People and search by the owner; still listed with `hidden=true`. */
    hidden: z.boolean(),
  })
  .meta({ id: 'Person' });
export type Person = z.infer<typeof personSchema>;

/** GET /api/people: `hidden=true` lists the hidden people too. */
export const peopleQuerySchema = z.object({
  hidden: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional()
    .meta({ description: 'true: hidden people are listed too' }),
});
export type PeopleQuery = z.infer<typeof peopleQuerySchema>;

export const peopleSchema = z.object({ people: z.array(personSchema) }).meta({ id: 'People' });
export type People = z.infer<typeof peopleSchema>;

/** PATCH /api/people/{personId}: a new name (null or "" clears it), hidden or shown. */
export const updatePersonRequestSchema = z
  .object({
    name: z
      .string()
      .trim()
      .max(PERSON_NAME_MAX, { message: `must be at most ${PERSON_NAME_MAX} characters` })
      .nullable()
      .optional(),
    hidden: z.boolean().optional(),
  })
  .refine((body) => body.name !== undefined || body.hidden !== undefined, {
    message: 'must give name or hidden',
  })
  .meta({ id: 'UpdatePersonRequest' });
export type UpdatePersonRequest = z.infer<typeof updatePersonRequestSchema>;

/** POST /api/people/{personId}/merge: the faces of `personId` (body) join the person of the path. */
export const mergePeopleRequestSchema = z
  .object({ personId: id })
  .meta({ id: 'MergePeopleRequest' });
export type MergePeopleRequest = z.infer<typeof mergePeopleRequestSchema>;

/** A face found in a photo: where it is (fractions of the picture as shown) and whose it is. */
export const faceSchema = z
  .object({
    id,
    /** The person it was grouped into; null: not (yet) anyone's. */
    personId: z.string().nullable(),
    /** The crop of this face (signed, expiring). */
    faceUrl: z.string(),
    box: z.object({
      x: z.number().min(0).max(1),
      y: z.number().min(0).max(1),
      width: z.number().min(0).max(1),
      height: z.number().min(0).max(1),
    }),
  })
  .meta({ id: 'Face' });
export type Face = z.infer<typeof faceSchema>;

/** PUT /api/faces/{faceId}/person: the face moves to this person, or to nobody (null). */
export const moveFaceRequestSchema = z
  .object({ personId: id.nullable() })
  .meta({ id: 'MoveFaceRequest' });
export type MoveFaceRequest = z.infer<typeof moveFaceRequestSchema>;

/** At most this many faces move in one request. */
export const FACES_MOVED_MAX = 200;

/**
 * POST /api/people: a new person of these faces (of the caller's), taken from whoever they were
 * grouped into: "not this person, someone else". Grouping leaves them there from then on.
 */
export const createPersonRequestSchema = z
  .object({
    faceIds: z
      .array(id)
      .min(1)
      .max(FACES_MOVED_MAX, { message: `must hold at most ${FACES_MOVED_MAX} faces` }),
  })
  .meta({ id: 'CreatePersonRequest' });
export type CreatePersonRequest = z.infer<typeof createPersonRequestSchema>;

/** GET /api/photos/{photoId}/people: the people whose faces a photo shows (its owner only). */
export const photoPeopleSchema = z
  .object({
    people: z.array(personSchema),
    faces: z.array(faceSchema),
  })
  .meta({ id: 'PhotoPeople' });
export type PhotoPeople = z.infer<typeof photoPeopleSchema>;

/** GET/POST /api/admin/faces/backfill: how far face indexing of the photos stored is. */
export const faceIndexStatusSchema = z
  .object({
    /** Whether this server indexes faces (ML_ENABLED). */
    enabled: z.boolean(),
    /** Photos stored (videos left out). */
    photos: z.number().int().min(0),
    /** Of those, the ones indexed (with faces or without). */
    indexed: z.number().int().min(0),
    /** Of those, the ones whose indexing failed for good. */
    failed: z.number().int().min(0),
    /** Indexing jobs waiting and running on the queue. */
    waiting: z.number().int().min(0),
    active: z.number().int().min(0),
    /** The latest failures, newest first. */
    errors: z.array(z.object({ fileId: z.string(), message: z.string(), at: z.string() })),
  })
  .meta({ id: 'FaceIndexStatus' });
export type FaceIndexStatus = z.infer<typeof faceIndexStatusSchema>;
