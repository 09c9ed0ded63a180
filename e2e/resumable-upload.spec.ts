import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page, Route } from '@playwright/test';
import { albumWithCover, expect, logIn, test, type TestFile } from './support/fixtures';
import { expectNoSeriousA11yViolations } from './support/checks';
import { dropFiles } from './support/drop';
import { makeJpeg } from './support/images';

const MiB = 1024 * 1024;
const SCREENS_DIR = path.join('test-results', 'screens');

/** Phone media made with Debian's ffmpeg and heif-enc (test tools only; the product needs neither). */
function phoneMedia(): TestFile[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'phone-media-'));
  try {
    const run = (command: string, args: string[]) =>
      execFileSync(command, args, { stdio: 'ignore', timeout: 60_000 });
    const png = path.join(dir, 'still.png');
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=640x480',
      '-frames:v',
      '1',
      png,
    ]);
    run('heif-enc', ['-q', '50', png, '-o', path.join(dir, 'IMG_0001.HEIC')]);
    const video = (name: string, format: string) =>
      run('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=320x240:rate=10:duration=1',
        '-c:v',
        'libx264',
        '-pix_fmt',
        'yuv420p',
        '-f',
        format,
        path.join(dir, name),
      ]);
    video('IMG_0002.MP4', 'mp4');
    video('IMG_0003.MOV', 'mov');
    return [
      // Chromium gives a HEIC no type: the page goes by its name.
      {
        name: 'IMG_0001.HEIC',
        mimeType: '',
        buffer: readFileSync(path.join(dir, 'IMG_0001.HEIC')),
      },
      {
        name: 'IMG_0002.MP4',
        mimeType: 'video/mp4',
        buffer: readFileSync(path.join(dir, 'IMG_0002.MP4')),
      },
      {
        name: 'IMG_0003.MOV',
        mimeType: 'video/quicktime',
        buffer: readFileSync(path.join(dir, 'IMG_0003.MOV')),
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real JPEG made `size` bytes long by bytes after its end (which the server drops). */
async function jpegOfSize(name: string, size: number): Promise<TestFile> {
  const jpeg = await makeJpeg({ name });
  return { ...jpeg, buffer: Buffer.concat([jpeg.buffer, Buffer.alloc(size - jpeg.buffer.length)]) };
}

function uploadRow(page: Page, fileName: string) {
  return page.getByRole('listitem').filter({ hasText: fileName });
}

/** The upload page at a phone's and a desktop's width, when SCREENS=1. */
async function snapBoth(page: Page, name: string) {
  if (!process.env.SCREENS) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const [label, width, height] of [
    ['phone', 390, 844],
    ['desktop', 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(SCREENS_DIR, `${label}-${name}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

test('a HEIC, an MP4 and a MOV dropped on the upload page are added to the album', async ({
  page,
  api,
  user,
}) => {
  const media = phoneMedia();
  const { album } = await albumWithCover(api, user);
  await logIn(page, user);
  await page.goto(`/upload/${album.id}`);
  const creations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') {
      creations.push(request.url());
    }
    if (new URL(request.url()).pathname === '/api/files/upload') creations.push('files/upload');
  });

  await dropFiles(page.getByRole('button', { name: /drag and drop/i }), media);

  await expect(page.getByText(/3 of 3 photos added/)).toBeVisible({ timeout: 60_000 });
  // Every one went through the resumable endpoint.
  expect(creations).toHaveLength(3);
  expect(creations).not.toContain('files/upload');
  const photos = await api.albumPhotos(user, album.id);
  expect(photos.map((photo) => photo.kind).sort()).toEqual(['photo', 'photo', 'video', 'video']);
});

test('a connection cut mid-upload: paused, then resumed where it stopped, no byte sent twice', async ({
  page,
  context,
  api,
  user,
}) => {
  test.setTimeout(120_000);
  const big = await jpegOfSize('IMG_0042.jpg', 20 * MiB);
  const { album } = await albumWithCover(api, user);
  await logIn(page, user);
  await page.goto(`/upload/${album.id}`);
  await expect(page.getByText(/MP4, MOV or WebM videos/)).toBeVisible();

  // Every PATCH the server answered: where it started, how many bytes it carried, the answer.
  const accepted: { offset: number; bytes: number; status: number }[] = [];
  const heads: number[] = [];
  const creations: string[] = [];
  // The connection is cut from the second chunk on, until the test gives it back.
  let cut = false;
  let offline = false;
  let cutMade!: () => void;
  const cutDone = new Promise<void>((resolve) => (cutMade = resolve));
  let releaseLast!: () => void;
  const lastReleased = new Promise<void>((resolve) => (releaseLast = resolve));
  let lastHeld!: () => void;
  const lastArrived = new Promise<void>((resolve) => (lastHeld = resolve));

  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') {
      creations.push(request.url());
    }
  });
  page.on('response', (response) => {
    const request = response.request();
    if (!response.url().includes('/api/uploads/')) return;
    if (request.method() === 'HEAD') heads.push(Number(response.headers()['upload-offset']));
    if (request.method() === 'PATCH') {
      accepted.push({
        offset: Number(request.headers()['upload-offset']),
        bytes: request.postDataBuffer()?.length ?? 0,
        status: response.status(),
      });
    }
  });
  await page.route('**/api/uploads/*', async (route: Route) => {
    const request = route.request();
    if (offline) return route.abort('internetdisconnected');
    if (request.method() !== 'PATCH') return route.continue();
    const offset = Number(request.headers()['upload-offset']);
    if (offset === 8 * MiB && !cut) {
      // The second chunk: the connection goes as it leaves; the server never gets it.
      cut = true;
      offline = true;
      cutMade();
      return route.abort('internetdisconnected');
    }
    if (offset === 16 * MiB) {
      lastHeld();
      await lastReleased;
    }
    return route.continue();
  });

  await page.getByTestId('upload-input').setInputFiles([big]);
  const row = uploadRow(page, big.name);
  await cutDone;
  await context.setOffline(true);

  await expect(row.getByText('Paused — waiting for the connection')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByText(/No connection: the uploads wait/)).toBeVisible();
  await snapBoth(page, 'upload-paused');
  await expectNoSeriousA11yViolations(page, 'upload page, paused');

  offline = false;
  await context.setOffline(false);
  await lastArrived;
  await expect(row.getByText('Resumed at 40 %: the bytes sent before were kept.')).toBeVisible();
  await snapBoth(page, 'upload-mid-way');
  await expectNoSeriousA11yViolations(page, 'upload page, mid-way');
  releaseLast();

  await expect(row.getByText('Added')).toBeVisible({ timeout: 60_000 });
  // One upload, asked once where it stood after the cut: at the end of the first chunk.
  expect(creations).toHaveLength(1);
  expect(heads).toEqual([8 * MiB]);
  // Each chunk reached the server once, and together they are the file.
  expect(accepted.map((patch) => patch.offset)).toEqual([0, 8 * MiB, 16 * MiB]);
  expect(accepted.every((patch) => patch.status < 300)).toBe(true);
  expect(accepted.reduce((sum, patch) => sum + patch.bytes, 0)).toBe(big.buffer.length);
  expect(await api.albumPhotos(user, album.id)).toHaveLength(2);
});
