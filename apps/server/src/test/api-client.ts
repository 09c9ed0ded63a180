import { randomBytes } from 'node:crypto';
import type {
  AdminUser,
  RetriedJobs,
  ServerStats,
  Album,
  AlbumMember,
  AlbumSharing,
  BulkResult,
  Comment,
  DownloadTicket,
  InviteResult,
  LikeSummary,
  PasswordLink,
  Photo,
  PhotoLike,
  ShareLink,
  UnlockLinkResult,
  UploadedFile,
  User,
} from '@photo/contract';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** An answer whose JSON body has the type of the route's success answer. */
export interface ApiResponse<T> extends LightMyRequestResponse {
  json<U = T>(): U;
}

export interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body, built by hand so a test controls every byte. */
export function multipartBody(parts: Part[]): {
  payload: Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----photo-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Sends a request through `app.inject` (no port), with the ID token as the idToken header. */
export function inject(
  app: FastifyInstance,
  token: string | null,
  options: InjectOptions,
): Promise<LightMyRequestResponse> {
  const headers = { ...(options.headers ?? {}) } as Record<string, string>;
  if (token !== null) headers.idToken = token;
  return app.inject({ ...options, headers });
}

const path = encodeURIComponent;

/**
 * The one client of the API for server tests: each call of the API is written here once, with
 * the type of its answer. Bodies are `unknown`, so tests can send what a client must not.
 * `query` is a query string as sent, e.g. "?limit=3".
 */
export class ApiClient {
  constructor(
    readonly app: FastifyInstance,
    /** The ID token sent with every call; null sends none. */
    readonly token: string | null,
    /**
     * Awaited after each upload: the sizes a job makes just after it are there when the call
     * returns. Tests of what a client sees before that call request() themselves.
     */
    private readonly afterUpload: () => Promise<void> = async () => undefined,
  ) {}

  request<T = unknown>(options: InjectOptions): Promise<ApiResponse<T>> {
    return inject(this.app, this.token, options);
  }

  get<T = unknown>(url: string, headers: Record<string, string> = {}) {
    return this.request<T>({ method: 'GET', url, headers });
  }

  addNewUser(body: unknown) {
    return this.request<User>({
      method: 'POST',
      url: '/api/users/addNewUser',
      payload: body as object,
    });
  }

  me() {
    return this.get<User>('/api/users/me');
  }

  /** PUT users/me/profilePhoto with a JSON body, or with a form body when given text. */
  setProfilePhoto(body: unknown, headers: Record<string, string> = {}) {
    const form = typeof body === 'string';
    return this.request<User>({
      method: 'PUT',
      url: '/api/users/me/profilePhoto',
      headers: form ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
      payload: body as object,
    });
  }

  updateProfile(body: unknown) {
    return this.request<User>({ method: 'PATCH', url: '/api/users/me', payload: body as object });
  }

  deleteAccount(body: unknown) {
    return this.request<null>({ method: 'DELETE', url: '/api/users/me', payload: body as object });
  }

  listAlbums(query = '') {
    return this.get<Album[]>(`/api/albumsDb${query}`);
  }

  createAlbum(body: unknown) {
    return this.request<Album>({ method: 'POST', url: '/api/albumsDb', payload: body as object });
  }

  findAlbum(query: string) {
    return this.get<Album>(`/api/albums/find${query}`);
  }

  updateAlbum(body: unknown) {
    return this.request<Album>({ method: 'PUT', url: '/api/albums', payload: body as object });
  }

  deleteAlbum(albumId: string) {
    return this.request<null>({ method: 'DELETE', url: `/api/albumsDb/${path(albumId)}` });
  }

  listPhotos(albumId: string, query = '') {
    return this.get<Photo[]>(`/api/albumsDb/${path(albumId)}/photos${query}`);
  }

  addPhoto(albumId: string, body: unknown) {
    return this.request<Photo>({
      method: 'POST',
      url: `/api/albumsDb/${path(albumId)}/photos`,
      payload: body as object,
    });
  }

  getPhoto(photoId: string) {
    return this.get<Photo>(`/api/photos/${path(photoId)}`);
  }

  deletePhoto(photoId: string) {
    return this.request<null>({ method: 'DELETE', url: `/api/photos/${path(photoId)}` });
  }

  /** POST photos/{photoId}/save: "Save to my library". */
  savePhoto(photoId: string, body: unknown) {
    return this.request<Photo>({
      method: 'POST',
      url: `/api/photos/${path(photoId)}/save`,
      payload: body as object,
    });
  }

  rotatePhoto(photoId: string, body: unknown) {
    return this.request<Photo>({
      method: 'PUT',
      url: `/api/photos/${path(photoId)}/rotation`,
      payload: body as object,
    });
  }

  like(photoId: string, headers: Record<string, string> = {}) {
    return this.request<LikeSummary>({
      method: 'PUT',
      url: `/api/photos/${path(photoId)}/like`,
      headers,
    });
  }

  unlike(photoId: string) {
    return this.request<LikeSummary>({
      method: 'DELETE',
      url: `/api/photos/${path(photoId)}/like`,
    });
  }

  listLikes(photoId: string, query = '') {
    return this.get<PhotoLike[]>(`/api/photos/${path(photoId)}/likes${query}`);
  }

  listComments(photoId: string, query = '') {
    return this.get<Comment[]>(`/api/photos/${path(photoId)}/comments${query}`);
  }

  deleteComment(commentId: string) {
    return this.request<null>({
      method: 'DELETE',
      url: `/api/photos/comments/${path(commentId)}`,
    });
  }

  postComment(body: unknown) {
    return this.request<Comment>({
      method: 'POST',
      url: '/api/photos/comments',
      payload: body as object,
    });
  }

  /** GET files/show/{id}: the original, or a derived size. */
  show(fileId: string, size?: 'thumb' | 'preview' | 'card' | 'card3x') {
    return this.get(`/api/files/show/${path(fileId)}${size ? `?size=${size}` : ''}`);
  }

  /** POST files/upload: the bytes in the multipart field "file" (or `field`). */
  async upload(
    data: Buffer | string,
    options: { filename?: string; contentType?: string; field?: string } = {},
  ) {
    const body = multipartBody([
      {
        name: options.field ?? 'file',
        filename: options.filename ?? 'photo.jpg',
        contentType: options.contentType ?? 'image/jpeg',
        data,
      },
    ]);
    const answer = await this.request<UploadedFile>({
      method: 'POST',
      url: '/api/files/upload',
      headers: body.headers,
      payload: body.payload,
    });
    await this.afterUpload();
    return answer;
  }

  sharing(albumId: string) {
    return this.get<AlbumSharing>(`/api/albumsDb/${path(albumId)}/sharing`);
  }

  setVisibility(albumId: string, body: unknown) {
    return this.request<AlbumSharing>({
      method: 'PUT',
      url: `/api/albumsDb/${path(albumId)}/visibility`,
      payload: body as object,
    });
  }

  invite(albumId: string, body: unknown) {
    return this.request<InviteResult>({
      method: 'POST',
      url: `/api/albumsDb/${path(albumId)}/members`,
      payload: body as object,
    });
  }

  /** Removes a member (owner), or leaves (one's own id). */
  removeMember(albumId: string, userId: string) {
    return this.request<null>({
      method: 'DELETE',
      url: `/api/albumsDb/${path(albumId)}/members/${path(userId)}`,
    });
  }

  /** PATCH albumsDb/{albumId}/members/{userId}: a member's new role. */
  changeMemberRole(albumId: string, userId: string, body: unknown) {
    return this.request<AlbumMember>({
      method: 'PATCH',
      url: `/api/albumsDb/${path(albumId)}/members/${path(userId)}`,
      payload: body as object,
    });
  }

  cancelInvitation(albumId: string, invitationId: string) {
    return this.request<null>({
      method: 'DELETE',
      url: `/api/albumsDb/${path(albumId)}/invitations/${path(invitationId)}`,
    });
  }

  createLink(albumId: string) {
    return this.request<ShareLink>({ method: 'POST', url: `/api/albumsDb/${path(albumId)}/link` });
  }

  revokeLink(albumId: string) {
    return this.request<null>({ method: 'DELETE', url: `/api/albumsDb/${path(albumId)}/link` });
  }

  bulkDelete(body: unknown) {
    return this.request<BulkResult>({
      method: 'POST',
      url: '/api/photos/bulk-delete',
      payload: body as object,
    });
  }

  bulkAdd(body: unknown) {
    return this.request<BulkResult>({
      method: 'POST',
      url: '/api/photos/bulk-add',
      payload: body as object,
    });
  }

  /** POST downloads: the ticket of a zip download. */
  requestDownload(body: unknown) {
    return this.request<DownloadTicket>({
      method: 'POST',
      url: '/api/downloads',
      payload: body as object,
    });
  }

  setLinkSettings(albumId: string, body: unknown) {
    return this.request<ShareLink>({
      method: 'PUT',
      url: `/api/albumsDb/${path(albumId)}/link`,
      payload: body as object,
    });
  }

  sharedDownload(token: string) {
    return this.get(`/api/shared/${path(token)}/download`);
  }

  sharedAlbum(token: string) {
    return this.get<Album>(`/api/shared/${path(token)}`);
  }

  sharedPhotos(token: string, query = '', key?: string) {
    return this.get<Photo[]>(
      `/api/shared/${path(token)}/photos${query}`,
      key === undefined ? {} : { 'x-link-key': key },
    );
  }

  /** GET shared/{token}/photos/{photoId}: one photo of the link's album, with its details. */
  sharedPhoto(token: string, photoId: string) {
    return this.get<Photo>(`/api/shared/${path(token)}/photos/${path(photoId)}`);
  }

  /** GET shared/{token} with the key of a protected link. */
  sharedAlbumWithKey(token: string, key: string) {
    return this.get<Album>(`/api/shared/${path(token)}`, { 'x-link-key': key });
  }

  listLinks(albumId: string) {
    return this.get<ShareLink[]>(`/api/albumsDb/${path(albumId)}/links`);
  }

  createShareLink(albumId: string, body: unknown = {}) {
    return this.request<ShareLink>({
      method: 'POST',
      url: `/api/albumsDb/${path(albumId)}/links`,
      payload: body as object,
    });
  }

  updateShareLink(albumId: string, linkId: string, body: unknown) {
    return this.request<ShareLink>({
      method: 'PATCH',
      url: `/api/albumsDb/${path(albumId)}/links/${path(linkId)}`,
      payload: body as object,
    });
  }

  stopShareLink(albumId: string, linkId: string) {
    return this.request<null>({
      method: 'DELETE',
      url: `/api/albumsDb/${path(albumId)}/links/${path(linkId)}`,
    });
  }

  /** POST shared/{token}/unlock, from a client address (X-Forwarded-For needs TRUST_PROXY). */
  unlockLink(token: string, body: unknown, options: { remoteAddress?: string } = {}) {
    return this.request<UnlockLinkResult>({
      method: 'POST',
      url: `/api/shared/${path(token)}/unlock`,
      payload: body as object,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  }

  /** POST shared/{token}/photos: a guest's upload, with their name (unless null). */
  async guestUpload(
    token: string,
    data: Buffer | string,
    options: { guestName?: string | null; key?: string; remoteAddress?: string } = {},
  ) {
    const body = multipartBody([
      ...(options.guestName === null
        ? []
        : [{ name: 'guestName', data: options.guestName ?? 'Gina Guest' }]),
      { name: 'file', filename: 'guest.jpg', contentType: 'image/jpeg', data },
    ]);
    const answer = await this.request<Photo>({
      method: 'POST',
      url: `/api/shared/${path(token)}/photos`,
      headers: { ...body.headers, ...(options.key ? { 'x-link-key': options.key } : {}) },
      payload: body.payload,
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
    await this.afterUpload();
    return answer;
  }

  adminUsers(query = '') {
    return this.get<AdminUser[]>(`/api/admin/users${query}`);
  }

  adminVerifyEmail(userId: string) {
    return this.request<AdminUser>({
      method: 'POST',
      url: `/api/admin/users/${path(userId)}/verify-email`,
    });
  }

  adminPasswordLink(userId: string) {
    return this.request<PasswordLink>({
      method: 'POST',
      url: `/api/admin/users/${path(userId)}/password-link`,
    });
  }

  adminDisable(userId: string, disabled = true) {
    return this.request<AdminUser>({
      method: 'POST',
      url: `/api/admin/users/${path(userId)}/${disabled ? 'disable' : 'enable'}`,
    });
  }

  adminSetQuota(userId: string, body: unknown) {
    return this.request<AdminUser>({
      method: 'PUT',
      url: `/api/admin/users/${path(userId)}/quota`,
      payload: body as object,
    });
  }

  adminDeleteUser(userId: string, body: unknown) {
    return this.request<null>({
      method: 'DELETE',
      url: `/api/admin/users/${path(userId)}`,
      payload: body as object,
    });
  }

  adminStats() {
    return this.get<ServerStats>('/api/admin/stats');
  }

  adminRetryJobs() {
    return this.request<RetriedJobs>({ method: 'POST', url: '/api/admin/jobs/retry' });
  }
}
