// Each benchmark's figures as a JSON file, bench/results/<bench>-<timestamp>.json, with what they
// depend on: the machine, its load as the run started, the commit, Node and the settings used.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { usedSettings } from './settings.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = path.join(repoRoot, 'bench/results');

function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/**
 * Starts a run of the benchmark `bench`: notes the time and the load average now. `finish` writes
 * the figures with everything else the file holds, and prints where.
 */
export function startRun(bench: string) {
  const startedAt = new Date();
  const loadAverage = os.loadavg();
  return {
    startedAt,
    loadAverage,
    finish(figures: unknown): string {
      const status = git('status', '--porcelain', '--untracked-files=no');
      const results = {
        bench,
        date: startedAt.toISOString(),
        finishedAt: new Date().toISOString(),
        machine: {
          cpuModel: os.cpus()[0]?.model ?? null,
          cores: os.availableParallelism(),
          memoryBytes: os.totalmem(),
          platform: `${os.platform()} ${os.release()}`,
        },
        loadAverageAtStart: loadAverage,
        git: { commit: git('rev-parse', 'HEAD'), dirty: status === null ? null : status !== '' },
        node: process.version,
        settings: usedSettings(),
        figures,
      };
      fs.mkdirSync(resultsDir, { recursive: true });
      const stamp = startedAt
        .toISOString()
        .replace(/:/g, '-')
        .replace(/\.\d+Z$/, 'Z');
      const file = path.join(resultsDir, `${bench}-${stamp}.json`);
      fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
      console.log(`\nresults: ${path.relative(process.cwd(), file) || file}`);
      return file;
    },
  };
}
