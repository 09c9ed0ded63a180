import {
  deleteAccountRequestSchema,
  newUserRequestSchema,
  profilePhotoRequestSchema,
  updateProfileRequestSchema,
  userSchema,
} from '@photo/contract';
import { z } from 'zod';
import { currentUser } from '../../http/current-user.js';
import { pictureOrigins } from '../../http/picture-origins.js';
import { errorResponses } from '../../http/route-schemas.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.js';
import { dropWebSession } from '../identity/identity.web-session.js';
import {
  deleteUserAccount,
  getProfile,
  registerUser,
  renameUser,
  setProfilePhoto,
} from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  deps: AppDeps;
  /** Told the id of each deleted account (the auth layer forgets it knew the user). */
  onAccountDeleted?: (userId: string) => void;
}> = async (app, { deps, onAccountDeleted }) => {
  app.post(
    '/users/addNewUser',
    {
      schema: {
        tags: ['users'],
        summary: "Registers the caller's profile (idempotent: sets their name and picture)",
        description:
          'The e-mail address comes from the ID token; emailAddress and id in the body are ignored. ' +
          "profilePicUrl is an image stored here; any other value (another site's URL, empty, null) " +
          'is the default avatar, and is never fetched or stored. Absent: the picture is unchanged.',
        body: newUserRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      registerUser(
        deps,
        currentUser(request),
        request.body,
        pictureOrigins(request, deps.config),
        request.log,
      ),
  );

  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: "The caller's profile",
        response: { 200: userSchema, ...errorResponses(401) },
      },
    },
    async (request) => getProfile(deps, currentUser(request)),
  );

  app.put(
    '/users/me/profilePhoto',
    {
      schema: {
        tags: ['users'],
        summary: "Sets the caller's profile picture",
        description:
          'Form field (application/x-www-form-urlencoded) or JSON property profilePicUrl: the address ' +
          'of an image stored here (/api/files/show/{id}), or the default avatar.',
        body: profilePhotoRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      setProfilePhoto(
        deps,
        currentUser(request),
        request.body.profilePicUrl,
        pictureOrigins(request, deps.config),
        request.log,
      ),
  );

  app.patch(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: "Changes the caller's name",
        description: 'The name is trimmed: 1 to 100 characters.',
        body: updateProfileRequestSchema,
        response: { 200: userSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => renameUser(deps, currentUser(request), request.body.name),
  );

  app.delete(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: "Deletes the caller's account with everything of theirs",
        description:
          'Deletes their albums (with every photo, comment and like in them), their photos in other ' +
          'albums, their comments, likes and stored files, and their profile; with the embedded ' +
          'identity service, their sign-in account too (with a hosted provider, the client then ' +
          'deletes it there: accounts:delete). Another album whose cover was one of their files takes ' +
          'its first remaining photo as cover, or is deleted when it held only their photos. ' +
          "confirmEmail must be the account's e-mail address, typed again.",
        body: deleteAccountRequestSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      await deleteUserAccount(deps, caller, request.body.confirmEmail, request.log);
      onAccountDeleted?.(caller.id);
      // The account's sign-ins went with it; the browser drops its session cookie too.
      dropWebSession(deps.config, request, reply);
      return reply.status(204).send(null);
    },
  );
};
