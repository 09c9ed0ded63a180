import type { Face, People, Person, PhotoPeople, TimelinePage } from '@photo/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../shared/api/api-client';

/** People: the faces of the person's own photos, found and grouped on the server (decision 0102). */

export const peopleKeys = {
  all: ['people'] as const,
  list: (hidden: boolean) => [...peopleKeys.all, 'list', hidden] as const,
  person: (id: string) => [...peopleKeys.all, 'person', id] as const,
  photos: (id: string) => [...peopleKeys.all, 'photos', id] as const,
  ofPhoto: (photoId: string) => [...peopleKeys.all, 'photo', photoId] as const,
};

const personPath = (id: string) => `/api/people/${encodeURIComponent(id)}`;

/** Photos of one page of a person's photos. */
const PERSON_PAGE = 200;

/** GET people: the person's people; with `hidden`, the hidden ones too. */
export function usePeople(hidden = false) {
  return useQuery({
    queryKey: peopleKeys.list(hidden),
    queryFn: ({ signal }) =>
      apiJson<People>(`/api/people${hidden ? '?hidden=true' : ''}`, { signal }),
    select: (data) => data.people,
  });
}

/** GET people/{id}: one person, or 404 (said by the page, not the notification area). */
export function usePerson(id: string) {
  return useQuery({
    queryKey: peopleKeys.person(id),
    queryFn: ({ signal }) => apiJson<Person>(personPath(id), { signal }),
    meta: { quietErrorCodes: ['PERSON_NOT_FOUND'] },
  });
}

/** GET people/{id}/photos: their photos, newest first, page after page. */
export function usePersonPhotos(id: string) {
  return useInfiniteQuery({
    queryKey: peopleKeys.photos(id),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(PERSON_PAGE) });
      if (pageParam) query.set('cursor', pageParam);
      return apiJson<TimelinePage>(`${personPath(id)}/photos?${query.toString()}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    meta: { quietErrorCodes: ['PERSON_NOT_FOUND'] },
  });
}

/** GET photos/{id}/people: who is in a photo (the person's own photos only). */
export function usePhotoPeople(photoId: string) {
  return useQuery({
    queryKey: peopleKeys.ofPhoto(photoId),
    queryFn: ({ signal }) =>
      apiJson<PhotoPeople>(`/api/photos/${encodeURIComponent(photoId)}/people`, { signal }),
    select: (data) => data.people,
    meta: { quiet: true },
  });
}

/** A change of people: every list of people is read again afterwards. */
function usePeopleChange<V>(request: (variables: V) => Promise<Person>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (person) => {
      queryClient.setQueryData(peopleKeys.person(person.id), person);
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}

/** PATCH people/{id}: a name ('' takes it away), or hidden / shown. */
export function useChangePerson() {
  return usePeopleChange(
    ({ id, ...change }: { id: string; name?: string | null; hidden?: boolean }) =>
      apiJson<Person>(personPath(id), { method: 'PATCH', json: change }),
  );
}

/** POST people/{id}/merge: the other person's faces join this one. */
export function useMergePeople() {
  return usePeopleChange(({ id, otherId }: { id: string; otherId: string }) =>
    apiJson<Person>(`${personPath(id)}/merge`, { method: 'POST', json: { personId: otherId } }),
  );
}

/** Where photos taken out of a person go: a new person, or another of the owner's people. */
export type FacesGoTo = { newPerson: true } | { personId: string };

/**
 * "Not this person": the faces of `personId` in these photos leave them, for a new person (POST
 * people) or another one (PUT faces/{id}/person, one a face). Answers the person they went to.
 */
export function useMoveFaces() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      personId,
      photoIds,
      to,
    }: {
      personId: string;
      photoIds: readonly string[];
      to: FacesGoTo;
    }): Promise<{ personId: string; photos: number }> => {
      const inPhotos = await Promise.all(
        photoIds.map((photoId) =>
          apiJson<PhotoPeople>(`/api/photos/${encodeURIComponent(photoId)}/people`),
        ),
      );
      const faceIds = inPhotos.flatMap((photo) =>
        photo.faces.filter((face) => face.personId === personId).map((face) => face.id),
      );
      if ('newPerson' in to) {
        const made = await apiJson<Person>('/api/people', { method: 'POST', json: { faceIds } });
        return { personId: made.id, photos: photoIds.length };
      }
      for (const faceId of faceIds) {
        await apiJson<Face>(`/api/faces/${encodeURIComponent(faceId)}/person`, {
          method: 'PUT',
          json: { personId: to.personId },
        });
      }
      return { personId: to.personId, photos: photoIds.length };
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
    },
  });
}
