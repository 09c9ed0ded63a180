import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { seedQuery } from '../../shared/api/query-client';

/**
 * What a server-rendered page carries for the browser to hydrate it (decision 0100): the language
 * it was drawn in, whom for, and the answers of the queries it read, by query key.
 */
export interface ServerData {
  locale: string;
  /** The id of the person whose session cookie the page was drawn for; null for a link's guest. */
  viewer: string | null;
  queries: [QueryKey, unknown][];
}

/** The id of the page's data block: a JSON script element, never run. */
export const SERVER_DATA_ID = 'photo-server-data';

/** The data of a server-rendered page, or null for a page the browser draws itself. */
export function readServerData(): ServerData | null {
  const text = document.getElementById(SERVER_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const data = JSON.parse(text) as ServerData;
    return Array.isArray(data.queries) ? data : null;
  } catch {
    return null;
  }
}

/** The query cache starts from the answers the page was drawn from: nothing is asked again. */
export function seedQueries(queryClient: QueryClient, data: ServerData): void {
  for (const [key, value] of data.queries) seedQuery(queryClient, key, value);
}
