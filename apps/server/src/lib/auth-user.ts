/** The signed-in user a request acts for: the ID token's subject and e-mail address. */
export interface AuthUser {
  id: string;
  email: string;
  /** Whether the identity provider vouches that this user owns the address. */
  emailVerified: boolean;
}
