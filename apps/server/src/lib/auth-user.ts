/** The signed-in user a request acts for: the ID token's subject and e-mail address. */
export interface AuthUser {
  id: string;
  email: string;
}
