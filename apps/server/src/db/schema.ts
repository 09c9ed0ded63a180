import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/**
 * Tables. Dates are ISO-8601 UTC text (see docs/decisions/0003-data-layout.md);
 * ids are text. The same layout serves SQLite and PostgreSQL.
 */
export interface IdentityAccountsTable {
  uid: string;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  created_at: string;
  /** 1 once the owner proved the address (a verification code came back); else 0. */
  email_verified: number;
  display_name: string | null;
  photo_url: string | null;
  last_login_at: string | null;
  password_updated_at: string | null;
}

export interface IdentityRefreshTokensTable {
  /** SHA-256 of the token, hex. The token itself is never stored. */
  token_hash: string;
  uid: string;
  /** Tokens rotated from one sign-in share a family; reuse of a rotated token revokes the family. */
  family_id: string;
  /** When the user signed in with the password (seconds since the epoch); kept across rotations. */
  auth_time: number;
  created_at: string;
  expires_at: string;
  /** Set when the token was exchanged for a new one. */
  used_at: string | null;
  revoked_at: string | null;
  /** The token it was exchanged for: its hash, and the token sealed with a key only this token opens. */
  successor_hash: string | null;
  successor_sealed: string | null;
}

/** One sign-in: the family of refresh tokens rotated from one password sign-in. */
export interface IdentitySignInsTable {
  family_id: string;
  uid: string;
  created_at: string;
  last_refresh_at: string | null;
  /** Set when the sign-in ended (sign-out, theft detected, password changed): no token of it works. */
  revoked_at: string | null;
  /** SHA-256 of the secret of its session cookie (decision 0099); null when it has none. */
  web_session_hash: string | null;
}

/** A code sent by e-mail: a password reset or an address verification. */
export interface IdentityOobCodesTable {
  /** SHA-256 of the code, hex. */
  code_hash: string;
  uid: string;
  request_type: 'PASSWORD_RESET' | 'VERIFY_EMAIL';
  /** The address it was sent to. */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface IdentitySignInFailuresTable {
  /** What is counted: "ip:<address>", "account-ip:<e-mail> <address>" or "device:<hash>". */
  key: string;
  window_start: string;
  count: number;
}

/** Sign-ins from devices not known for an account, as a rate (GCRA): see modules/identity/throttle/sign-in-throttle.ts. */
export interface IdentitySignInBudgetsTable {
  /** "account:<e-mail>". */
  key: string;
  /** When the budget is whole again (ISO-8601): its theoretical arrival time. */
  full_at: string;
}

/** A browser that signed in to an account: its device cookie lets it through sign-in throttling. */
export interface IdentityTrustedDevicesTable {
  /** SHA-256 of the device cookie, hex. */
  token_hash: string;
  uid: string;
  created_at: string;
  last_used_at: string;
}

/** A passkey (WebAuthn credential) of an account. */
export interface IdentityPasskeysTable {
  id: string;
  uid: string;
  /** The authenticator's credential ID, base64url. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** Signature counter last seen; 0: the authenticator keeps none. PostgreSQL answers bigint as text. */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of transports. */
  transports: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

/** A passkey challenge handed out and not yet answered (single use). */
export interface IdentityPasskeyChallengesTable {
  /** SHA-256 of the challenge, hex. */
  challenge_hash: string;
  purpose: 'registration' | 'sign-in';
  /** The account adding a passkey; null for a sign-in. */
  uid: string | null;
  expires_at: string;
}

export interface UsersTable {
  /** The token's subject. */
  id: string;
  email_address: string;
  name: string;
  /** Null: the default avatar. */
  profile_pic_file_id: string | null;
  created_at: string;
  /** The address the user has proven to own (a verified ID token), lower-cased; null: none yet. */
  verified_email: string | null;
  /** 1: an administrator (the first account made on the server, or one of ADMIN_EMAILS). */
  is_admin: Generated<number>;
  /** Bytes the person's files take in the store, with those reserved by uploads being stored. */
  storage_used: ColumnType<number | string, number | string | undefined, number | string>;
  /** The most bytes the person may store; null: unlimited. */
  quota_bytes: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** When an administrator disabled the account; null: it may sign in. */
  disabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last sign-in (embedded identity), or when the app last saw the person (hosted). */
  last_sign_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** "Mark all read": activity entries created after it are unread; null: all are. */
  activity_read_at: string | null;
  /** How often an e-mail digest of unread activity goes out. */
  digest: Generated<'off' | 'hourly' | 'daily'>;
  /** When the last digest went out; null: never. */
  digest_sent_at: string | null;
  /** The language of the person's e-mails (en, de, fr, es); null: not told yet (English). */
  locale: string | null;
}

export interface FilesTable {
  id: string;
  owner_id: string;
  /** Key of the original in the blob store. */
  blob_key: string;
  content_type: string;
  size: number;
  /** As shown: upright (EXIF orientation applied), then turned by `rotation`. */
  width: number;
  height: number;
  /** SHA-256 of the original bytes, hex. */
  sha256: string;
  thumb_key: string | null;
  preview_key: string | null;
  /** 4:3 crops for album cards; null for files stored before they were made. */
  card_key: string | null;
  card3x_key: string | null;
  date_taken: string | null;
  camera_make: string | null;
  camera_model: string | null;
  created_at: string;
  /** Degrees clockwise the derived sizes are turned from the upright original: 0, 90, 180, 270. */
  rotation: Generated<number>;
  /** How many edits the file has had; derived blob keys and picture URLs carry it (0: none). */
  edit_version: Generated<number>;
  /** ThumbHash (base64) of the picture as shown; null for files stored before placeholders. */
  placeholder: string | null;
  /** Whether the derived sizes have been made: by a job, after the upload answered. */
  derived_state: Generated<DerivedState>;
  /** The file's name on the uploader's device (basename), for search; null for older files. */
  original_name: string | null;
  /** How many photos show the file: kept by database triggers on photos (0052). */
  photo_count: Generated<number>;
  /**
   * CRC-32 of the stored original (unsigned, 0 to 4294967295), taken at upload so a zip download
   * need not read the bytes twice; null for files stored before. A bigint column: PostgreSQL may
   * answer it as text (see crc32FromRow).
   */
  crc32: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** What the file is (0056). */
  kind: Generated<FileKind>;
  /** A video's length, in milliseconds; null for a picture. */
  duration_ms: number | null;
  /**
   * The picture the derived sizes and the placeholder are made from when libvips cannot read the
   * original (a HEIC's decoded image, a video's poster frame); null: the original itself.
   */
  still_key: string | null;
  /** A video's browser-safe copy (H.264 + AAC in MP4, faststart), when its original is not one. */
  rendition_key: string | null;
  /** A video's playback state; null for a picture. */
  video_state: VideoState | null;
  /** Apple's content identifier (ContentIdentifier), shared by the halves of a Live Photo. */
  content_id: string | null;
  /** A Live Photo's still names its motion: a video file of the same owner. */
  motion_file_id: string | null;
  /** Bytes of the derived image sizes stored for the file's edit version (its owner's storage). */
  derived_bytes: ColumnType<number | string, number | string | undefined, number | string>;
  /** Bytes of its still and video rendition (its owner's storage). */
  extra_bytes: ColumnType<number | string, number | string | undefined, number | string>;
  /**
   * The original without its location, served to everyone but the file's owner (decision 0081);
   * null when the original carries none, or was stored before originals were kept as uploaded.
   */
  placeless_key: string | null;
  placeless_size: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  /** CRC-32 of the copy without location (PostgreSQL may answer its bigint as text). */
  placeless_crc32: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  /** Where it was taken, as the file says: degrees times 10^7; null: unknown. */
  latitude_e7: number | null;
  longitude_e7: number | null;
  /** Metres above sea level times 100; null: unknown. */
  altitude_cm: number | null;
  /**
   * Minutes east of UTC of the camera's clock when it was taken (OffsetTimeOriginal): date_taken
   * is then the moment itself; null: unknown, and date_taken is the clock's reading as if UTC.
   */
  taken_offset_minutes: number | null;
  /** The lens (EXIF LensModel, else LensMake). */
  lens: string | null;
  /** The aperture's f-number times 100 (f/1.8: 180). */
  f_number_e2: number | null;
  /** The exposure in nanoseconds (PostgreSQL may answer its bigint as text). */
  exposure_ns: ColumnType<
    number | string | null,
    number | string | null | undefined,
    number | string | null
  >;
  iso: number | null;
  /** Focal length in millimetres times 100, and as on a 35 mm camera (whole millimetres). */
  focal_length_e2: number | null;
  focal_length_35mm: number | null;
  /** Which reading of the original's metadata these columns hold: 0 for files stored before. */
  facts_version: Generated<number>;
  /** The nearest city to where it was taken (offline, decision 0105); null: unknown or unnamed. */
  place_city: string | null;
  /** The ISO 3166-1 alpha-2 code of the country it was taken in; null: unknown. */
  place_country: string | null;
  /** Which naming place_city and place_country hold: 0 for files not named yet. */
  place_version: Generated<number>;
}

export type FileKind = 'photo' | 'video';
export type VideoState = 'processing' | 'ready' | 'failed';

export type DerivedState = 'pending' | 'ready' | 'failed';

/** The first account made on the server (one row at most): an administrator. */
export interface FirstAccountTable {
  slot: number;
  user_id: string;
}

export interface AlbumsTable {
  id: string;
  owner_id: string;
  name: string;
  /** null: the album holds no photo (decision 0087). */
  cover_file_id: string | null;
  created_at: string;
  visibility: Generated<AlbumVisibility>;
  /**
   * How many photos the album holds, and the earliest and latest of their sort_date (null: no
   * photos). Kept by the albums module in the transaction that adds or deletes its photos, with
   * the album's row locked (docs/decisions/0048-album-photo-facts-stored.md).
   */
  photo_count: Generated<number>;
  first_photo_date: Generated<string | null>;
  last_photo_date: Generated<string | null>;
  /** 1: the people it is shared with see where its owner's photos were taken (decision 0081). */
  show_places: Generated<number>;
}

export type AlbumVisibility = 'everyone' | 'invited' | 'owner';
export type MemberRole = 'viewer' | 'contributor';

export interface AlbumMembersTable {
  album_id: string;
  user_id: string;
  role: MemberRole;
  created_at: string;
}

/** An invitation to an address that no account has proven yet; it becomes a membership then. */
export interface AlbumInvitationsTable {
  id: string;
  album_id: string;
  /** Lower-cased. */
  email: string;
  role: MemberRole;
  created_at: string;
}

/** The album's one active share link: read-only access for whoever holds the token. */
/** A share link of an album; an album has up to LINKS_PER_ALBUM_MAX of them (modules/sharing). */
export interface AlbumLinksTable {
  /** Names the link in the owner's routes; not a secret. */
  id: string;
  album_id: string;
  /** 128 random bits, base64url: the capability. */
  token: string;
  label: Generated<string>;
  permission: ColumnType<LinkPermission, LinkPermission | undefined, LinkPermission>;
  /** ISO-8601 UTC; null: never expires. */
  expires_at: string | null;
  /** Argon2id PHC string; null: no password. */
  password_hash: string | null;
  last_opened_at: string | null;
  /** Null: the server's defaults. */
  guest_max_photos: number | null;
  /** bigint (PostgreSQL answers a string). */
  guest_max_bytes: ColumnType<number | string | null, number | null, number | null>;
  guest_photo_count: Generated<number>;
  guest_bytes: ColumnType<number | string, number | string | undefined, number | string>;
  created_at: string;
}

export type LinkPermission = 'view' | 'download' | 'addPhotos';

/** What a zip download asked for, until its ticket expires (modules/downloads). */
export interface DownloadTicketsTable {
  id: string;
  /** Who asked: access is decided again for them when the zip is streamed. */
  user_id: string;
  album_id: string | null;
  /** JSON array of photo ids; null for an album. */
  photo_ids: string | null;
  /** Seconds since the epoch (PostgreSQL may answer a bigint as text). */
  expires_at: ColumnType<number | string, number, number>;
}

/** A resumable (tus) upload of one user (2026-11-27T21-00-resumable-uploads). */
export interface ResumableUploadsTable {
  id: string;
  owner_id: string;
  /** Bytes announced (Upload-Length); null while deferred. PostgreSQL may answer a bigint as text. */
  length: ColumnType<number | string | null, number | null, number | null>;
  /** Milliseconds since the epoch. */
  created_at: ColumnType<number | string, number, number>;
  expires_at: ColumnType<number | string, number, number>;
  /** When the last byte came and storing began. */
  finished_at: ColumnType<number | string | null, number | null | undefined, number | null>;
  /** The stored file, once stored. */
  file_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PhotosTable {
  id: string;
  album_id: string;
  file_id: string;
  owner_id: string;
  created_at: string;
  /** date_taken of the file when known, else created_at: the album's order. */
  sort_date: string;
  /** The name a guest gave when adding it through a share link; null: added by owner_id. */
  guest_name: string | null;
  /** The share link it came through (kept after the link is stopped); null: not a guest's. */
  guest_link_id: string | null;
}

/**
 * How many photos an album holds in a month (YYYY-MM of sort_date): kept by database triggers on
 * photos, in the transaction that adds, moves or deletes them (0052). The timeline's month index.
 */
export interface PhotoMonthsTable {
  album_id: string;
  month: string;
  photo_count: number;
  /** 1 when the album is seen by everyone (its visibility, kept by a trigger on albums), else 0. */
  everyone: number;
}

/** The photo_months of albums seen by everyone, summed per month (kept by triggers). */
export interface EveryoneMonthsTable {
  month: string;
  photo_count: number;
}

export interface CommentsTable {
  id: string;
  photo_id: string;
  author_id: string;
  message: string;
  created_at: string;
}

/** A comment posted or deleted, kept a while so live streams can resume and span instances. */
export interface CommentEventsTable {
  id: string;
  photo_id: string;
  comment_id: string;
  type: 'created' | 'deleted';
  occurred_at: string;
}

/** One user's like of one photo; at most one per user and photo. */
export interface PhotoLikesTable {
  photo_id: string;
  user_id: string;
  created_at: string;
}

/** A person's favourite: a stored file, whichever album shows it (decision 0082). */
export interface FavouritesTable {
  user_id: string;
  file_id: string;
  created_at: string;
}

/** A file its uploader archived: gone from their own Photos, search and covers (decision 0082). */
export interface ArchivedFilesTable {
  file_id: string;
  /** The file's uploader, who archived it. */
  user_id: string;
  archived_at: string;
}

/** An account's TOTP second factor (2026-11-29T02-00-identity-mfa; decision 0071). */
export interface IdentityMfaFactorsTable {
  enrollment_id: string;
  uid: string;
  display_name: string | null;
  /** The shared secret, sealed with the server's MFA key (second-factor.crypto.ts). */
  secret_sealed: string;
  enrolled_at: string;
  /** Time step of the last code accepted: a code is accepted once. */
  last_used_step: number | null;
  /** Wrong codes since failures_since (the account's limit). */
  failures: ColumnType<number, number | undefined, number>;
  failures_since: string | null;
}

/** A sign-in that passed the password and waits for the second factor. */
export interface IdentityMfaPendingTable {
  credential_hash: string;
  uid: string;
  created_at: string;
  expires_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: string | null;
}

/** A single-use recovery code of an account's second factor, as an HMAC. */
export interface IdentityMfaRecoveryCodesTable {
  uid: string;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

/** A single sign-on sent to the OpenID provider and not back yet (sso/sso.ts). */
export interface IdentitySsoRequestsTable {
  /** SHA-256 of the state, hex. */
  state_hash: string;
  /** SHA-256 of the binding cookie of the browser that started it. */
  browser_hash: string;
  nonce: string;
  /** PKCE verifier; useless without the code, which only the browser's callback carries. */
  code_verifier: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Which account an identity of an OpenID provider (issuer + subject) signs in to. */
export interface IdentitySsoLinksTable {
  issuer: string;
  subject: string;
  uid: string;
  created_at: string;
  last_used_at: string;
}

/** The one-time code of a finished single sign-on, traded once for the tokens. */
export interface IdentitySsoHandoffsTable {
  /** SHA-256 of the code, hex. */
  code_hash: string;
  uid: string;
  browser_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The identity service's signing keys (infra/signing-keys.ts). */
export interface IdentitySigningKeysTable {
  /** The highest generation signs; older ones still verify for a while. */
  generation: number;
  kid: string;
  /** JWK JSON. */
  private_jwk: string;
  public_jwk: string;
  created_at: string;
}

/** Request counters of @fastify/rate-limit shared by instances (infra/rate-limit-store.ts). */
export interface RateLimitCountersTable {
  key: string;
  /** ms since the epoch; PostgreSQL answers bigint as text. */
  window_ends_at: ColumnType<number | string, number, number>;
  count: number;
}

export interface Database {
  rate_limit_counters: RateLimitCountersTable;
  identity_accounts: IdentityAccountsTable;
  identity_signing_keys: IdentitySigningKeysTable;
  identity_refresh_tokens: IdentityRefreshTokensTable;
  identity_oob_codes: IdentityOobCodesTable;
  identity_sign_ins: IdentitySignInsTable;
  identity_sign_in_failures: IdentitySignInFailuresTable;
  identity_sign_in_budgets: IdentitySignInBudgetsTable;
  identity_trusted_devices: IdentityTrustedDevicesTable;
  identity_mfa_factors: IdentityMfaFactorsTable;
  identity_mfa_pending: IdentityMfaPendingTable;
  identity_mfa_recovery_codes: IdentityMfaRecoveryCodesTable;
  identity_sso_requests: IdentitySsoRequestsTable;
  identity_sso_links: IdentitySsoLinksTable;
  identity_sso_handoffs: IdentitySsoHandoffsTable;
  identity_passkeys: IdentityPasskeysTable;
  identity_passkey_challenges: IdentityPasskeyChallengesTable;
  users: UsersTable;
  first_account: FirstAccountTable;
  files: FilesTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  photo_months: PhotoMonthsTable;
  everyone_months: EveryoneMonthsTable;
  comments: CommentsTable;
  photo_likes: PhotoLikesTable;
  comment_events: CommentEventsTable;
  album_members: AlbumMembersTable;
  album_invitations: AlbumInvitationsTable;
  album_links: AlbumLinksTable;
  download_tickets: DownloadTicketsTable;
  resumable_uploads: ResumableUploadsTable;
  activities: ActivitiesTable;
  trashed_photos: TrashedPhotosTable;
  trashed_albums: TrashedAlbumsTable;
  favourites: FavouritesTable;
  archived_files: ArchivedFilesTable;
  locked_photos: LockedPhotosTable;
  locked_sessions: LockedSessionsTable;
  people: PeopleTable;
  faces: FacesTable;
  face_scans: FaceScansTable;
  hidden_memories: HiddenMemoriesTable;
}

/** A memory its owner chose not to be shown again (modules/memories, decision 0108). */
export interface HiddenMemoriesTable {
  owner_id: string;
  /** The memory's key: the day it is of, YYYY-MM-DD. */
  memory_key: string;
  created_at: string;
}

/** A person of someone's photos: faces grouped as one (modules/people, decision 0102). */
export interface PeopleTable {
  id: string;
  /** Whose photos they are in: only they see them. */
  owner_id: string;
  name: string | null;
  /** 1: hidden from People and search by the owner. */
  hidden: number;
  created_at: string;
}

/** A face found in a stored file, as its owner shows it (decision 0102). */
export interface FacesTable {
  id: string;
  file_id: string;
  /** The file's owner. */
  owner_id: string;
  person_id: string | null;
  /** The box, in ten-thousandths of the picture's width and height. */
  box_x: number;
  box_y: number;
  box_w: number;
  box_h: number;
  /** The detector's score, in thousandths. */
  score: number;
  /** The 128 numbers of the face (JSON array). */
  descriptor: string;
  /** A small square WebP of the face, base64. */
  crop: string;
  /** 1: the owner put the face where it is; grouping leaves it alone. */
  pinned: number;
  created_at: string;
  /** 1 while a photo shows the file. Kept by triggers (migration 2026-12-02T05-00-faces-shown). */
  shown: Generated<number>;
}

export type FaceScanState = 'done' | 'failed';

/** Which edit version of a file was looked at for faces, and how it went. */
export interface FaceScansTable {
  file_id: string;
  edit_version: number;
  state: FaceScanState;
  face_count: number;
  error: string | null;
  scanned_at: string;
}

/** One entry of a person's activity feed (modules/activity). */
export interface ActivitiesTable {
  id: string;
  /** Whose feed it is in. */
  user_id: string;
  kind: 'invitation' | 'photosAdded' | 'comment' | 'like' | 'guestUpload';
  album_id: string;
  photo_id: string | null;
  /** The user who did it; null for a share link's guest. */
  actor_id: string | null;
  actor_name: string;
  count: Generated<number>;
  excerpt: string | null;
  created_at: string;
}

/**
 * A photo in someone's Trash (modules/trash, decision 0080): the row it had in `photos`, who holds
 * it and since when, and what cascaded with it (JSON), put back when it is restored.
 */
export interface TrashedPhotosTable extends PhotosTable {
  held_by: string;
  trashed_at: string;
  snapshot: string;
}

/** An album deleted to Trash: its row and what cascaded with it in `snapshot` (JSON). */
export interface TrashedAlbumsTable {
  id: string;
  owner_id: string;
  name: string;
  cover_file_id: string | null;
  held_by: string;
  trashed_at: string;
  snapshot: string;
}

/**
 * A photo in its file owner's locked place (modules/locked, decision 0084): the row it had in
 * `photos`, who locked it and when, and what cascaded with it (JSON, as in Trash).
 */
export interface LockedPhotosTable extends PhotosTable {
  locked_by: string;
  locked_at: string;
  snapshot: string;
}

/**
 * A proof that the person confirmed it is them for the locked place (decision 0084): `id` is
 * public (picture signatures name it), the secret is kept only as its SHA-256; it lapses at
 * `expires_at`, which each locked call pushes on.
 */
export interface LockedSessionsTable {
  id: string;
  secret_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
}

/** Repository functions take either the database or a transaction. */
export type Db = Kysely<Database> | Transaction<Database>;

export type UserRow = Selectable<UsersTable>;
export type FileRow = Selectable<FilesTable>;
export type NewFileRow = Insertable<FilesTable>;
export type AlbumRow = Selectable<AlbumsTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type CommentRow = Selectable<CommentsTable>;
