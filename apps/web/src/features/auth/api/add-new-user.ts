import { DEFAULT_AVATAR_URL, type NewUserRequest, type User } from '@photo/contract';
import { apiJson } from '../../../shared/api/api-client';

/** POST users/addNewUser: registers the signed-in identity with the API, under a name. */
export function addNewUser(emailAddress: string, name: string): Promise<User> {
  const body: NewUserRequest = { emailAddress, id: '', name, profilePicUrl: DEFAULT_AVATAR_URL };
  return apiJson<User>('/api/users/addNewUser', { method: 'POST', json: body });
}
