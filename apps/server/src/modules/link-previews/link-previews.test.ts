import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAlbumAs, errorOf, storeImage } from '../../test/fixtures.js';
import { signUp, useTestContext, type TestContext, type TestUser } from '../../test/harness.js';
import { blobKeys } from '../files/store/blobs.js';

// The web app's own page, as the server serves it.
const indexHtml = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/index.html'),
  'utf8',
);
const ctx = useTestContext({ TRUST_PROXY: 'true' }, { webFiles: { 'index.html': indexHtml } });

/** A crawler's request for a link's page, through a proxy that says the client used HTTPS. */
function crawl(url: string, context: TestContext = ctx) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: {
      host: 'share.example.org',
      'x-forwarded-proto': 'https',
      'user-agent': 'facebookexternalhit/1.1',
    },
  });
}

/** The content of each <meta property|name="key"> of the page's head. */
function tagsOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: Record<string, string> = {};
  for (const match of head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"/g)) {
    tags[match[1]!] = match[2]!;
  }
  return tags;
}

async function sharedAlbum(
  owner: TestUser,
  name: string,
  cover?: { width: number; height: number },
) {
  const image = cover ? await storeImage(ctx, owner, cover) : undefined;
  const { album } = await createAlbumAs(ctx, owner, { name, ...(image ? { cover: image } : {}) });
  const link = await ctx.api(owner).createLink(album.id);
  expect(link.statusCode).toBe(201);
  return { album, token: link.json().token };
}

describe("a share link's page", () => {
  it('carries Open Graph and Twitter tags with absolute URLs, near the top of a small page', async () => {
    const ann = await signUp(ctx.app, { name: 'Ann' });
    const { token } = await sharedAlbum(ann, 'Garden', { width: 1600, height: 1200 });
    const page = await crawl(`/shared/${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const tags = tagsOf(page.body);
    expect(tags).toMatchObject({
      'og:type': 'website',
      'og:title': 'Garden',
      'og:description': '1 photo · shared by Ann',
      'og:url': `https://share.example.org/shared/${token}`,
      'og:image': `https://share.example.org/api/shared/${token}/preview.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': 'Cover photo of the album Garden',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Garden',
      'twitter:description': '1 photo · shared by Ann',
      'twitter:image': `https://share.example.org/api/shared/${token}/preview.jpg`,
    });
    expect(page.body).toContain('<title>Garden</title>');
    // Crawlers that read only the start of a page find every tag; the page stays small.
    expect(page.body.lastIndexOf('twitter:image')).toBeLessThan(3000);
    expect(page.body.indexOf('<meta charset')).toBeLessThan(100);
    expect(Buffer.byteLength(page.body)).toBeLessThan(indexHtml.length + 4000);
    // Still the web app.
    expect(page.body).toContain('<div id="root">');
  });

  it("answers a 1200 x 630 JPEG crop of the cover at the tags' image URL, made once and kept", async () => {
    const ann = await signUp(ctx.app, { name: 'Ann' });
    const { album, token } = await sharedAlbum(ann, 'Tall', { width: 900, height: 1800 });
    const image = new URL(tagsOf((await crawl(`/shared/${token}`)).body)['og:image']!);
    const first = await crawl(image.pathname);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(first.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 630,
    });
    // Not the original: a new picture, kept in the blob store and answered again as it is.
    const coverId = (
      await ctx.deps.db
        .selectFrom('albums')
        .select('cover_file_id')
        .where('id', '=', album.id)
        .executeTakeFirstOrThrow()
    ).cover_file_id;
    expect(await ctx.deps.blobStore.exists(blobKeys.linkPreview(coverId ?? ''))).toBe(true);
    // The picture, kept for a look when asked.
    if (process.env.LINK_PREVIEW_JPEG)
      fs.writeFileSync(process.env.LINK_PREVIEW_JPEG, first.rawPayload);
    const again = await crawl(image.pathname);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('escapes what the owner typed', async () => {
    const name = `Ann's <script>alert("x")</script> & "co"`;
    const ann = await signUp(ctx.app, { name: 'Ann <b>"Smith"</b>' });
    const { token } = await sharedAlbum(ann, name);
    const page = await crawl(`/shared/${token}`);
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).not.toContain('<b>"Smith"');
    expect(page.body).toContain(
      '<meta property="og:title" content="Ann&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;co&quot;" />',
    );
    expect(page.body).toContain(
      '<title>Ann&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;co&quot;</title>',
    );
    // What a crawler reads out of the tags is the name as typed.
    const description = tagsOf(page.body)['og:description'] ?? '';
    const decoded = description
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    expect(decoded).toBe('1 photo · shared by Ann <b>"Smith"</b>');
  });

  it('of a stopped link, an unknown one, or an album no longer shown by links, has no tags and no picture', async () => {
    const ann = await signUp(ctx.app, { name: 'Ann' });
    const stopped = await sharedAlbum(ann, 'Stopped');
    const picture = `/api/shared/${stopped.token}/preview.jpg`;
    expect((await crawl(picture)).statusCode).toBe(200);
    expect((await ctx.api(ann).revokeLink(stopped.album.id)).statusCode).toBe(204);
    const hidden = await sharedAlbum(ann, 'Hidden now');
    expect(
      (await ctx.api(ann).setVisibility(hidden.album.id, { visibility: 'owner' })).statusCode,
    ).toBe(200);
    for (const token of [stopped.token, hidden.token, 'no-such-token-AAAAAAAAAA']) {
      const page = await crawl(`/shared/${token}`);
      // The app's page, as for any other address: it says the link does not work.
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.body).not.toContain('og:');
      expect(page.body).toContain('<title>My Photo Application</title>');
      const image = await crawl(`/api/shared/${token}/preview.jpg`);
      expect(image.statusCode).toBe(404);
      expect(errorOf(image).code).toBe('LINK_NOT_FOUND');
    }
  });
});

describe('a link with a password or an expiry', () => {
  /** A link made through POST albumsDb/{albumId}/links with these settings. */
  async function linkWith(owner: TestUser, albumId: string, body: object) {
    const res = await ctx.api(owner).request<{ token: string }>({
      method: 'POST',
      url: `/api/albumsDb/${albumId}/links`,
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    return res.json().token;
  }

  it('with a password: a neutral title, no image, nothing of the album; its picture 404', async () => {
    const ann = await signUp(ctx.app, { name: 'Ann' });
    const { album } = await createAlbumAs(ctx, ann, { name: 'Private wedding' });
    const token = await linkWith(ann, album.id, { password: 'open sesame' });
    const page = await crawl(`/shared/${token}`);
    expect(page.statusCode).toBe(200);
    const tags = tagsOf(page.body);
    expect(tags['og:title']).toBe('A shared album');
    expect(tags['twitter:card']).toBe('summary');
    expect(Object.keys(tags).filter((key) => key.includes('image'))).toEqual([]);
    expect(page.body).not.toContain('Private wedding');
    expect(page.body).not.toContain('Ann');
    expect((await crawl(`/api/shared/${token}/preview.jpg`)).statusCode).toBe(404);
  });

  it('once expired: no tags and no picture', async () => {
    const ann = await signUp(ctx.app, { name: 'Ann' });
    const { album } = await createAlbumAs(ctx, ann, { name: 'Short-lived' });
    const expiresAt = new Date(ctx.clock.now().getTime() + 3600_000).toISOString();
    const token = await linkWith(ann, album.id, { expiresAt });
    expect(tagsOf((await crawl(`/shared/${token}`)).body)['og:title']).toBe('Short-lived');
    expect((await crawl(`/api/shared/${token}/preview.jpg`)).statusCode).toBe(200);
    ctx.clock.advance(3600_000);
    expect((await crawl(`/shared/${token}`)).body).not.toContain('og:');
    expect((await crawl(`/api/shared/${token}/preview.jpg`)).statusCode).toBe(404);
  });
});

describe('with PUBLIC_URL', () => {
  const behindCdn = useTestContext(
    { PUBLIC_URL: 'https://photos.example.org' },
    { webFiles: { 'index.html': indexHtml } },
  );
  it('the URLs name the public origin, whatever host the request named', async () => {
    const ann = await signUp(behindCdn.app, { name: 'Ann' });
    const { album } = await createAlbumAs(behindCdn, ann, { name: 'Public' });
    const token = (await behindCdn.api(ann).createLink(album.id)).json<{ token: string }>().token;
    const tags = tagsOf((await crawl(`/shared/${token}`, behindCdn)).body);
    expect(tags['og:url']).toBe(`https://photos.example.org/shared/${token}`);
    expect(tags['og:image']).toBe(`https://photos.example.org/api/shared/${token}/preview.jpg`);
  });
});
