import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ensureInstalled,
  installPackages,
  needsInstall,
  runPendingScripts,
} from './lib/ensure-installed.mjs';

/**
 * A project folder with a lock file, and an npm that only records what it is asked and, for an
 * install, leaves node_modules/.package-lock.json as npm does.
 */
let root: string;
let asked: string[];
let answer: boolean;

const npm = (command: string, args: string[]) => {
  asked.push([command, ...args].join(' '));
  if (answer && args[0] === 'install') {
    fs.mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), '{}');
  }
  return Promise.resolve(answer);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-installed-'));
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
  asked = [];
  answer = true;
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the install npm test and npm start share', () => {
  it('installs everything at once for npm start, and nothing when all is there', async () => {
    expect(needsInstall(root)).toBe(true);
    expect(await ensureInstalled(root, npm)).toBe(true);
    expect(asked).toEqual(['npm install --no-audit --no-fund']);
    expect(needsInstall(root)).toBe(false);

    expect(await ensureInstalled(root, npm)).toBe(true);
    expect(asked).toHaveLength(1);
  });

  it('leaves the install scripts for later, and says they are missing until they have run', async () => {
    expect(await installPackages(root, npm, { withoutScripts: true })).toBe(true);
    expect(asked).toEqual(['npm install --no-audit --no-fund --ignore-scripts']);
    // Stopped here (a run cut short), the next install knows the scripts never ran.
    expect(needsInstall(root)).toBe(true);

    expect(await runPendingScripts(root, npm)).toBe(true);
    expect(asked.at(-1)).toBe('npm rebuild');
    expect(needsInstall(root)).toBe(false);
    expect(await runPendingScripts(root, npm)).toBe(true);
    expect(asked).toHaveLength(2);
  });

  it('runs scripts an earlier install left, even when the packages are current', async () => {
    await installPackages(root, npm, { withoutScripts: true });
    expect(await ensureInstalled(root, npm)).toBe(true);
    expect(asked).toEqual(['npm install --no-audit --no-fund --ignore-scripts', 'npm rebuild']);
  });

  it('keeps saying the scripts are missing when they fail', async () => {
    await installPackages(root, npm, { withoutScripts: true });
    answer = false;
    expect(await runPendingScripts(root, npm)).toBe(false);
    expect(needsInstall(root)).toBe(true);
  });
});
