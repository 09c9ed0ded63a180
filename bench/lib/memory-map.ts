// Where a process's resident memory lies, by kind of mapping (Linux /proc/PID/smaps). Each
// kind is named for what usually fills it in a Node server using glibc's malloc:
// - glibc's main arena grows the [heap] mapping;
// - its other arenas live in anonymous mappings that start on a 64 MiB boundary (the most an
//   arena's heap may span);
// - a block over malloc's mmap threshold gets a mapping of its own: the large ones are those;
// - V8 allocates its heap in pages of 256 KiB; thread stacks are small too;
// - files mapped in: the program and its libraries, and any other file read by mapping it.
import fs from 'node:fs';

export const MAPPING_KINDS = [
  'main malloc arena ([heap])',
  'other malloc arenas',
  'other anonymous maps >= 4 MiB (big blocks)',
  'other anonymous maps < 4 MiB (V8 heap pages, stacks)',
  'code (node, shared libraries, addons)',
  'other mapped files',
] as const;
export type MappingKind = (typeof MAPPING_KINDS)[number];
export type ResidentByKind = Record<MappingKind, number>;

const LARGE_KB = 4 * 1024;
const ARENA_ALIGNMENT = 64n * 1024n * 1024n;
const CODE = /(?:\/node|\.so(?:\.[\d.]+)?|\.node)$/;

function kindOf(name: string, start: bigint, sizeKb: number): MappingKind {
  if (name === '[heap]') return MAPPING_KINDS[0];
  if (name === '' || name.startsWith('[')) {
    if (start % ARENA_ALIGNMENT === 0n) return MAPPING_KINDS[1];
    return sizeKb >= LARGE_KB ? MAPPING_KINDS[2] : MAPPING_KINDS[3];
  }
  return CODE.test(name) ? MAPPING_KINDS[4] : MAPPING_KINDS[5];
}

/** Resident kB of the process by kind of mapping; null when smaps cannot be read. */
function residentByKind(pid: number): ResidentByKind | null {
  let smaps: string;
  try {
    smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return null;
  }
  const resident = Object.fromEntries(MAPPING_KINDS.map((kind) => [kind, 0])) as ResidentByKind;
  let kind: MappingKind | null = null;
  for (const line of smaps.split('\n')) {
    // A mapping's first line: "start-end perms offset dev inode [name]".
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const start = BigInt(`0x${head[1]!}`);
      const sizeKb = Number((BigInt(`0x${head[2]!}`) - start) / 1024n);
      kind = kindOf(head[3]!.trim(), start, sizeKb);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind) resident[kind] += Number(rss[1]);
  }
  return resident;
}

/** A field of /proc/PID/status, in kB. */
export function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/**
 * Samples a process's resident memory every 10 ms, with where it lies at the highest sample; the
 * kernel's high-water mark is read too, at the end. startKb and startByKind: the memory as the
 * sampling starts.
 */
export function startPeakSampler(pid: number) {
  const startKb = procStatusKb(pid, 'VmRSS');
  const startByKind = residentByKind(pid);
  // Resets VmHWM to the current RSS (Linux >= 4.0), so it then holds the peak of this run only.
  let hwmReset = true;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  let peakKb = startKb;
  // Where the memory lies at the highest sample, read again at each new highest.
  let peakByKind = startByKind;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      const rssKb = procStatusKb(pid, 'VmRSS');
      if (rssKb > peakKb) {
        peakKb = rssKb;
        peakByKind = residentByKind(pid) ?? peakByKind;
      }
      samples += 1;
    } catch {
      // the process is gone: its owner reports it
    }
  }, 10);
  return {
    startKb,
    startByKind,
    stop() {
      clearInterval(timer);
      const hwmKb = hwmReset ? procStatusKb(pid, 'VmHWM') : 0;
      return {
        peakKb: Math.max(peakKb, hwmKb),
        sampledPeakKb: peakKb,
        peakByKind,
        hwmKb,
        samples,
      };
    },
  };
}
