import type { Page } from '@playwright/test';
import { ApiClient, type TestFile } from './support/api';
import { albumWithCover, expect, submitLogIn, test } from './support/fixtures';
import { makeJpeg } from './support/images';
import { startOwnServer, type OwnServer } from './support/own-server';

// A server whose upload limit is not the default 50 MiB: the browser must go by its figure.
const MAX_UPLOAD_BYTES = 300_000;
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ MAX_UPLOAD_BYTES: String(MAX_UPLOAD_BYTES) });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A real JPEG made `size` bytes long by bytes after its end (which decoders ignore). */
async function jpegOfSize(name: string, size: number): Promise<TestFile> {
  const jpeg = await makeJpeg({ name });
  return { ...jpeg, buffer: Buffer.concat([jpeg.buffer, Buffer.alloc(size - jpeg.buffer.length)]) };
}

async function uploadsSent(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    // One creation (POST) per file sent through the resumable endpoint.
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') {
      sent.push(request.url());
    }
  });
  return sent;
}

test("the upload page refuses at once a photo over the server's limit, with the server's figure", async ({
  page,
}) => {
  const api = new ApiClient(server.url);
  const user = await api.signUp();
  const { album } = await albumWithCover(api, user);
  const tooLarge = await jpegOfSize('too-large.jpg', 400_000);
  // The server itself refuses it: the browser and the server agree on the figure.
  await expect(api.uploadFile(user, tooLarge)).rejects.toThrow(/answered 413/);

  await page.goto(`${server.url}/login`);
  await submitLogIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await page.goto(`${server.url}/upload/${album.id}`);
  // 300,000 bytes is 292.9 KB, shown as 292 KB; the default would say 50 MB.
  await expect(page.getByText(/photos, up to 292 KB and 100 megapixels each/)).toBeVisible();
  const sent = await uploadsSent(page);

  await page
    .getByTestId('upload-input')
    .setInputFiles([tooLarge, await makeJpeg({ name: 'small.jpg' })]);

  const refused = page.getByRole('listitem').filter({ hasText: 'too-large.jpg' });
  await expect(refused.getByText('Not added')).toBeVisible();
  await expect(refused.getByText('Too large: at most 292 KB')).toBeVisible();
  await expect(refused.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  const accepted = page.getByRole('listitem').filter({ hasText: 'small.jpg' });
  await expect(accepted.getByText('Added')).toBeVisible();
  // Only the small photo went to the server.
  expect(sent).toHaveLength(1);
});

test("Create Album refuses a cover over the server's limit before sending it", async ({ page }) => {
  const api = new ApiClient(server.url);
  const user = await api.signUp();
  await page.goto(`${server.url}/login`);
  await submitLogIn(page, user.email, user.password);
  await expect(page).toHaveURL(/\/albums\/recent$/);
  await page.goto(`${server.url}/create`);
  const sent = await uploadsSent(page);
  await page.getByLabel('Album Name').fill('Too large a cover');
  await expect(page.getByText(/up to 292 KB and 100 megapixels/)).toBeVisible();
  await page.getByLabel('Cover Photo').setInputFiles(await jpegOfSize('cover.jpg', 400_000));
  await expect(page.getByRole('alert')).toHaveText(
    '"cover.jpg" is too large (390 KB). Photos can be up to 292 KB.',
  );
  expect(sent).toEqual([]);
});
