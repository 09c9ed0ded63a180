import type { Album, SearchResult } from '@photo/contract';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { albumKeys } from '../../features/albums/api/album-keys';
import { AlbumCard } from '../../features/albums/components/album-card';
import { PeopleFound } from '../../features/people/components/people-found';
import type { Person } from '../../features/search/components/search-filters';
import { SearchPage } from '../../features/search/components/search-page';
import type { Page } from '../../shared/api/api-client';

const renderAlbum = (album: Album, eager: boolean) => <AlbumCard album={album} eager={eager} />;
const renderPeople = (people: SearchResult['people']) => <PeopleFound people={people} />;

/**
 * The people "Added by" offers besides the search's own finds: the owners of the albums the
 * person has seen listed (Recent Albums, already read), without asking the server again.
 */
function useKnownOwners(): Person[] {
  const queryClient = useQueryClient();
  const [people] = useState(() => {
    const byId = new Map<string, Person>();
    for (const [, data] of queryClient.getQueriesData<InfiniteData<Page<Album>>>({
      queryKey: albumKeys.lists(),
    })) {
      for (const album of data?.pages.flatMap((page) => page.items) ?? []) {
        if (album.createdBy)
          byId.set(album.createdById, { id: album.createdById, name: album.createdBy });
      }
    }
    return [...byId.values()];
  });
  return people;
}

/** The search page, with the albums feature's cards, the people feature's faces, and the owners of albums already listed. */
export function SearchRoute() {
  return (
    <SearchPage renderAlbum={renderAlbum} renderPeople={renderPeople} people={useKnownOwners()} />
  );
}
