/** The signed-in user a request acts for: the ID token's subject and e-mail address. */
export interface AuthUser {
  id: string;
  email: string;
  /** Whether the identity provider vouches that this user owns the address. */
  emailVerified: boolean;
  /**
   * When they last proved who they are, in seconds since the epoch (the token's `auth_time`), for
   * calls that want a recent proof (the locked place, decision 0084). Absent when the user was
   * not read from an ID token.
   */
  authTime?: number;
}
