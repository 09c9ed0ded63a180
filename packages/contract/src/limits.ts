/**
 * Limits and constants shared by the web client and the server. Plain values only: the web client
 * takes its constants from this module, so a schema here would bring zod into its first page.
 */

/** Where clients read the server's settings that concern them (no token needed). */
export const CLIENT_CONFIG_PATH = '/api/client-config';

/** Where the embedded identity service answers the accounts:* and token calls. */
export const IDENTITY_BASE_PATH = '/identity/v1';

export const MiB = 1024 * 1024;

/** Default largest upload accepted, in bytes (the server's MAX_UPLOAD_BYTES may change it). */
export const DEFAULT_MAX_UPLOAD_BYTES = 50 * MiB;

/**
 * Default largest video accepted, in bytes (the server's MAX_VIDEO_BYTES may change it). Videos are
 * sent through the resumable upload endpoint (RESUMABLE_UPLOADS_PATH); files/upload takes them too,
 * within MAX_UPLOAD_BYTES.
 */
export const DEFAULT_MAX_VIDEO_BYTES = 2 * 1024 * MiB;

/** Raster image types accepted for upload, checked by content on the server. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
] as const;
export type AcceptedImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];

/** Video types accepted for upload, checked by content (container and codecs) on the server. */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type AcceptedVideoType = (typeof ACCEPTED_VIDEO_TYPES)[number];

/** What the server says when a file is none of the accepted types (415). */
export const UNSUPPORTED_MEDIA_MESSAGE =
  'Only photos (JPEG, PNG, WebP, GIF, AVIF, HEIC) and videos (MP4, MOV, WebM) are accepted.';

/** Largest video accepted: width and height at most this many pixels each (8K). */
export const MAX_VIDEO_EDGE = 8192;
/** Longest video accepted, in seconds. */
export const MAX_VIDEO_SECONDS = 3 * 60 * 60;
/** Browser-safe renditions of videos that are not (H.264 + AAC in MP4) are at most this tall. */
export const RENDITION_MAX_HEIGHT = 1080;

/** The tus 1.0 endpoint for resumable uploads (creation, HEAD, PATCH, termination, expiration). */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads';
/** Bytes a client sends in one PATCH of a resumable upload: what a drop can cost at most. */
export const RESUMABLE_CHUNK_BYTES = 8 * MiB;

export const ALBUM_NAME_MAX = 100;
export const USER_NAME_MAX = 100;
export const COMMENT_MAX = 2000;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** Comments come in pages of at most this many, newest page first. */
export const COMMENT_PAGE_MAX = 50;

/** Largest image accepted, in pixels (width x height): larger ones are refused as decompression bombs. */
export const MAX_IMAGE_PIXELS = 100_000_000;

/** Derived image sizes, long edge in pixels. */
export const IMAGE_SIZES = { thumb: 600, preview: 1600 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/**
 * Card-sized crops (4:3, width x height in pixels) made beside the derived sizes, for the album
 * cards, which are 18rem (288 CSS px) wide at most: `card` for screens up to 2x, `card3x` for up
 * to 3x. Files stored before they existed are answered with the thumbnail and the preview.
 */
export const CARD_IMAGE_SIZES = {
  card: { width: 576, height: 432 },
  card3x: { width: 864, height: 648 },
} as const;
export type CardImageSize = keyof typeof CARD_IMAGE_SIZES;

/**
 * files/show?size=video: what a browser plays for a video (its browser-safe rendition when it has
 * one, else its original), or for a Live Photo its motion; served with HTTP range requests.
 */
export const PLAYBACK_SIZE = 'video';

/** Spec constants. */
export const ID_TOKEN_HEADER = 'idToken';
export const ID_TOKEN_STORAGE_KEY = 'userIdToken';
export const NOTIFICATIONS_KEPT = 2;
export const PHOTO_DISPLAY_WIDTH = 450;

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** Path under which stored files are served; picture URLs are this plus the file id. */
export const FILES_SHOW_PATH = '/api/files/show/';
/** The avatar every new user starts with; shipped with the app. */
export const DEFAULT_AVATAR_URL = '/default-avatar.png';

/** Members and pending invitations of one album, together, at most. */
export const ALBUM_MEMBERS_MAX = 200;
/** Where a share link opens in the web app: SHARED_LINK_PATH + token. */
export const SHARED_LINK_PATH = '/shared/';

/** Share links (their schemas are in sharing.ts); here, as the web app takes only this module. */
export const LINK_LABEL_MAX = 100;
export const LINK_PASSWORD_MIN = 4;
export const LINK_PASSWORD_MAX = 200;
/** Most links one album may have at once. */
export const LINKS_PER_ALBUM_MAX = 50;
/**
 * The header of every shared/{token} request of a visitor who gave a protected link's password:
 * the key POST shared/{token}/unlock answered.
 */
export const LINK_KEY_HEADER = 'x-link-key';
/** The form field of POST shared/{token}/photos that names the guest (shown as the creator). */
export const GUEST_NAME_FIELD = 'guestName';
export const GUEST_NAME_MAX = 60;
/** Single sign-on with an OpenID provider (when configured): where the browser goes to start it. */
export const SSO_START_PATH = '/identity/v1/sso/start';
/** Where the web app trades the one-time code of a finished single sign-on for the tokens. */
export const SSO_EXCHANGE_PATH = '/identity/v1/sso/exchange';
/** The web app's page that finishes a single sign-on: ?code=… (or ?error=… when refused). */
export const SSO_FINISH_PATH = '/auth/sso';

/** Longest name of a passkey (the name its owner gives it in account settings). */
export const PASSKEY_NAME_MAX = 64;

/**
 * The locked place (decision 0084): the header that carries the session POST /api/locked/session
 * opens, how old (seconds) the ID token's auth_time may be to open one, and how long (seconds)
 * without a locked call ends it.
 */
export const LOCKED_SESSION_HEADER = 'X-Locked-Session';
export const LOCKED_SIGN_IN_MAX_AGE_SECONDS = 120;
export const LOCKED_SESSION_IDLE_SECONDS = 300;
