import { randomUUID } from 'node:crypto';
import type { Album, Comment, Photo, UploadedFile, User } from '@photo/contract';

/**
 * A small client of the real HTTP API and identity service, for the data a test needs before it
 * starts. It sends no cookies, so the XSRF double submit (a browser matter) does not apply.
 */

export interface TestUser {
  name: string;
  email: string;
  password: string;
  /** The identity service's user id (the token's subject). */
  id: string;
  idToken: string;
}

export interface TestFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export class ApiClient {
  constructor(readonly baseURL: string) {}

  private async call<T>(
    method: string,
    path: string,
    options: { idToken?: string; json?: unknown; form?: FormData } = {},
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (options.idToken !== undefined) headers.idToken = options.idToken;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const response = await fetch(new URL(path, this.baseURL), { method, headers, body });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Signs a new user up through the identity service, then registers them with the API. */
  async signUp(overrides: Partial<Pick<TestUser, 'name' | 'email' | 'password'>> = {}) {
    const suffix = randomUUID().slice(0, 8);
    const name = overrides.name ?? `Tester ${suffix}`;
    const email = overrides.email ?? `tester-${randomUUID()}@example.com`;
    const password = overrides.password ?? `pw-${randomUUID()}`;
    const identity = await this.call<{ idToken: string; localId: string }>(
      'POST',
      '/identity/v1/accounts:signUp',
      { json: { email, password, returnSecureToken: true } },
    );
    await this.call<User>('POST', '/api/users/addNewUser', {
      idToken: identity.idToken,
      json: { name, id: '', emailAddress: email, profilePicUrl: '/default-avatar.png' },
    });
    const user: TestUser = {
      name,
      email,
      password,
      id: identity.localId,
      idToken: identity.idToken,
    };
    return user;
  }

  async uploadFile(user: Pick<TestUser, 'idToken'>, file: TestFile): Promise<UploadedFile> {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
    const uploaded = await this.call<UploadedFile>('POST', '/api/files/upload', {
      idToken: user.idToken,
      form,
    });
    await this.untilSized(uploaded);
    return uploaded;
  }

  /** Waits for the job that makes the file's sizes, as a person would wait for the thumbnail. */
  private async untilSized(file: UploadedFile): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      // Until the sizes are made the original answers, whose ETag this names: a 304, not its bytes.
      const res = await fetch(
        `${this.baseURL}${file.url}${file.url.includes('?') ? '&' : '?'}size=thumb`,
        { headers: { 'if-none-match': `"${file.id}.original"` } },
      );
      await res.arrayBuffer();
      if (res.status === 200 && res.headers.get('content-type') === 'image/webp') return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the sizes of ${file.id} were not made within 30 s`);
  }

  /** Uploads the cover, then creates the album with it (the cover becomes its first photo). */
  async createAlbum(user: Pick<TestUser, 'idToken'>, name: string, cover: TestFile) {
    const file = await this.uploadFile(user, cover);
    const album = await this.call<Album>('POST', '/api/albumsDb', {
      idToken: user.idToken,
      json: { name, coverPhotoUrl: file.url },
    });
    const [coverPhoto] = await this.albumPhotos(user, album.id);
    if (!coverPhoto) throw new Error(`the album ${album.id} has no cover photo`);
    return { album, coverPhoto, coverFile: file };
  }

  /** An album with a name only: no cover, no photo. */
  createEmptyAlbum(user: Pick<TestUser, 'idToken'>, name: string) {
    return this.call<Album>('POST', '/api/albums', { idToken: user.idToken, json: { name } });
  }

  /** Deletes an album (to its owner's Trash). */
  async deleteAlbum(user: Pick<TestUser, 'idToken'>, albumId: string): Promise<void> {
    await this.call('DELETE', `/api/albumsDb/${encodeURIComponent(albumId)}`, {
      idToken: user.idToken,
    });
  }

  /** Uploads a file and adds it to an album as a photo. */
  async addPhoto(user: Pick<TestUser, 'idToken'>, albumId: string, image: TestFile) {
    const file = await this.uploadFile(user, image);
    const photo = await this.call<Photo>('POST', `/api/albumsDb/${albumId}/photos`, {
      idToken: user.idToken,
      json: { fileId: file.id },
    });
    return { photo, file };
  }

  /** Posts a comment on a photo, as the spec's client does. */
  postComment(user: Pick<TestUser, 'idToken'>, photoId: string, message: string) {
    return this.call('POST', '/api/photos/comments', {
      idToken: user.idToken,
      json: { id: '', createdBy: '', dateCreated: '', photoId, message },
    });
  }

  /**
   * Waits for every size of every photo of an album to be made (`ready`), as a page drawn once
   * with no script to ask again needs: the upload waits for the thumbnail only.
   */
  async untilAlbumReady(user: Pick<TestUser, 'idToken'>, albumId: string): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const photos = await this.albumPhotos(user, albumId);
      if (photos.every((photo) => photo.ready)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the photos of album ${albumId} were not all made within 30 s`);
  }

  albumPhotos(user: Pick<TestUser, 'idToken'>, albumId: string): Promise<Photo[]> {
    return this.call('GET', `/api/albumsDb/${albumId}/photos?limit=100`, { idToken: user.idToken });
  }

  album(user: Pick<TestUser, 'idToken'>, albumId: string): Promise<Album> {
    return this.call('GET', `/api/albums/find?id=${encodeURIComponent(albumId)}`, {
      idToken: user.idToken,
    });
  }

  /** The user's own albums, newest first. */
  myAlbums(user: Pick<TestUser, 'idToken'>): Promise<Album[]> {
    return this.call('GET', '/api/albumsDb?mine=true', { idToken: user.idToken });
  }

  me(user: Pick<TestUser, 'idToken'>): Promise<User> {
    return this.call('GET', '/api/users/me', { idToken: user.idToken });
  }

  comment(user: Pick<TestUser, 'idToken'>, photoId: string, message: string): Promise<Comment> {
    return this.call('POST', '/api/photos/comments', {
      idToken: user.idToken,
      json: { photoId, message },
    });
  }

  /** Deletes the photo (DELETE photos/{id}). */
  deletePhoto(user: Pick<TestUser, 'idToken'>, photoId: string): Promise<unknown> {
    return this.call('DELETE', `/api/photos/${encodeURIComponent(photoId)}`, {
      idToken: user.idToken,
    });
  }

  /** The user likes the photo (PUT photos/{id}/like). */
  like(user: Pick<TestUser, 'idToken'>, photoId: string): Promise<unknown> {
    return this.call('PUT', `/api/photos/${encodeURIComponent(photoId)}/like`, {
      idToken: user.idToken,
    });
  }
  /** The owner keeps the album to themselves: no one else sees its photos. */
  async keepToOwner(owner: Pick<TestUser, 'idToken'>, albumId: string): Promise<void> {
    await this.call('PUT', `/api/albumsDb/${albumId}/visibility`, {
      idToken: owner.idToken,
      json: { visibility: 'owner' },
    });
  }

  /** The owner keeps the album to invited people and invites `emailAddress` (a viewer by default). */
  async shareWith(
    owner: Pick<TestUser, 'idToken'>,
    albumId: string,
    emailAddress: string,
    role: 'viewer' | 'contributor' = 'viewer',
  ): Promise<void> {
    await this.call('PUT', `/api/albumsDb/${albumId}/visibility`, {
      idToken: owner.idToken,
      json: { visibility: 'invited' },
    });
    await this.call('POST', `/api/albumsDb/${albumId}/members`, {
      idToken: owner.idToken,
      json: { emailAddress, role },
    });
  }

  /** The owner removes a member from the album. */
  removeMember(owner: Pick<TestUser, 'idToken'>, albumId: string, userId: string) {
    return this.call('DELETE', `/api/albumsDb/${albumId}/members/${encodeURIComponent(userId)}`, {
      idToken: owner.idToken,
    });
  }
}
