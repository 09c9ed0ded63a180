import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../../../shared/api/me';

export { meKey } from '../../../shared/api/me';

/** GET users/me: the signed-in user. */
export function useMe() {
  return useQuery(meQuery);
}
