import {
  createPersonRequestSchema,
  faceIndexStatusSchema,
  faceSchema,
  mergePeopleRequestSchema,
  moveFaceRequestSchema,
  peopleQuerySchema,
  peopleSchema,
  personSchema,
  photoPeopleSchema,
  updatePersonRequestSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { entityId, errorResponses } from '../../http/route-schemas.js';
import type { RoutesPlugin } from '../routes-plugin.js';
import {
  changePerson,
  createPerson,
  faceCropOf,
  faceIndexStatus,
  getPerson,
  listMyPeople,
  mergeIntoPerson,
  moveFace,
  photoPeople,
  startFaceBackfill,
} from './people.service.js';

const PRIVATE =
  'Faces are found on the server in the photos one uploaded, and are theirs alone: anyone else ' +
  'is answered 404, as for a person who does not exist. Photos in Trash or in the locked place, and archived ones, count nowhere.';

const personParams = z.object({ personId: entityId });
const faceParams = z.object({ faceId: entityId });

/** The administration's view of face indexing, and its backfill. */
function faceAdminRoutes(
  app: Parameters<RoutesPlugin>[0],
  deps: Parameters<RoutesPlugin>[1]['deps'],
) {
  app.get(
    '/admin/faces/backfill',
    {
      schema: {
        tags: ['admin'],
        summary: 'How far the indexing of faces is (administrators only)',
        description:
          'Photos stored, indexed (with faces or none), failed for good with their latest errors, and the jobs waiting and running.',
        response: { 200: faceIndexStatusSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => faceIndexStatus(deps, currentUser(request)),
  );

  app.post(
    '/admin/faces/backfill',
    {
      schema: {
        tags: ['admin'],
        summary: 'Indexes the faces of every photo not indexed yet (administrators only)',
        description:
          'Queues them on the job queue, which every worker shares; what is indexed stays so when a worker stops. 409 when ML_ENABLED=false.',
        response: { 200: faceIndexStatusSchema, ...errorResponses(401, 403, 409) },
      },
    },
    async (request) => startFaceBackfill(deps, currentUser(request)),
  );
}

export const peopleRoutes: RoutesPlugin = async (app, { deps }) => {
  app.get(
    '/people',
    {
      schema: {
        tags: ['people'],
        summary: 'Your people: the faces of your photos grouped, each with their clearest face',
        description: `Named people first, then by how many photos show them. ${PRIVATE}`,
        querystring: peopleQuerySchema,
        response: { 200: peopleSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMyPeople(deps, currentUser(request), request.query),
  );

  app.post(
    '/people',
    {
      schema: {
        tags: ['people'],
        summary: 'A new person of these faces: "not this person" on a person\'s page',
        description: `Each face leaves the person it was in (who is gone once left without faces), and grouping leaves it with the new one from then on. 404 FACE_NOT_FOUND when a face is not yours. ${PRIVATE}`,
        body: createPersonRequestSchema,
        response: { 201: personSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createPerson(deps, currentUser(request), request.body)),
  );

  app.get(
    '/people/:personId',
    {
      schema: {
        tags: ['people'],
        summary: 'One of your people',
        description: PRIVATE,
        params: personParams,
        response: { 200: personSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getPerson(deps, currentUser(request), request.params.personId),
  );

  app.patch(
    '/people/:personId',
    {
      schema: {
        tags: ['people'],
        summary: 'Names a person (null or "" takes the name away), hides or shows them',
        description: `A hidden person is left out of People and search. ${PRIVATE}`,
        params: personParams,
        body: updatePersonRequestSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      changePerson(deps, currentUser(request), request.params.personId, request.body),
  );

  app.post(
    '/people/:personId/merge',
    {
      schema: {
        tags: ['people'],
        summary: 'The faces of another person join this one',
        description: `The other person is gone; this one keeps their name (or takes the other's, having none). ${PRIVATE}`,
        params: personParams,
        body: mergePeopleRequestSchema,
        response: { 200: personSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      mergeIntoPerson(deps, currentUser(request), request.params.personId, request.body),
  );

  app.put(
    '/faces/:faceId/person',
    {
      schema: {
        tags: ['people'],
        summary: 'Moves a face to another of your people, or to nobody (null)',
        description: `Grouping leaves the face where you put it from then on. A person left without faces is gone. ${PRIVATE}`,
        params: faceParams,
        body: moveFaceRequestSchema,
        response: { 200: faceSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => moveFace(deps, currentUser(request), request.params.faceId, request.body),
  );

  app.get(
    '/photos/:photoId/people',
    {
      schema: {
        tags: ['people'],
        summary: 'The people in a photo, and where their faces are',
        description:
          "For the photo's uploader; anyone else who may see the photo is told of no one. 404 for a photo one may not see.",
        params: z.object({ photoId: entityId }),
        response: { 200: photoPeopleSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => photoPeople(deps, currentUser(request), request.params.photoId),
  );

  app.get(
    '/faces/:faceId/crop',
    {
      // <img> cannot send the idToken header: the crop's URL is signed for its owner, and expires.
      config: { auth: false },
      compress: false,
      schema: {
        tags: ['people'],
        summary: "A face's crop: a small square WebP",
        description:
          'Only with the exp and sig of the URL given to its owner (valid at most an hour); ' +
          'otherwise, and once the face is gone, 404 FACE_NOT_FOUND.',
        security: [],
        params: faceParams,
        querystring: z.object({
          exp: z.coerce.number().int().optional(),
          sig: z.string().max(120).optional(),
        }),
      },
    },
    async (request, reply) => {
      const crop = await faceCropOf(deps, request.params.faceId, request.query);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', `private, max-age=${crop.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff')
        .send(crop.bytes);
    },
  );

  faceAdminRoutes(app, deps);
};
