/**
 * How many live update streams one instance may hold, from what the process may use: each holds a
 * file descriptor (its socket) and memory. A reserve of descriptors stays for everything else (the
 * database, sign-ins, health, the web app's files), so a full instance still answers those.
 */
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import type { StreamLimits } from './stream-slots';

export const DEFAULT_STREAMS_PER_ACCOUNT = 5;
export const DEFAULT_STREAMS_PER_ADDRESS = 500;
/** What one open stream is budgeted at: measured 11 KB on loopback, ~28 KB under a flood. */
export const BYTES_PER_STREAM = 32 * 1024;
/** Where the open-files limit cannot be read: the usual soft limit. */
const FALLBACK_OPEN_FILES = 1024;

/** The soft limit on open files (`ulimit -n`), from /proc on Linux; undefined where unknown or unlimited. */
export function openFilesLimit(limitsText?: string): number | undefined {
  let text = limitsText;
  if (text === undefined) {
    try {
      text = readFileSync('/proc/self/limits', 'utf8');
    } catch {
      return undefined;
    }
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft && /^\d+$/.test(soft) ? Number(soft) : undefined;
}

/** The memory this process may use: the machine's, or its container's (cgroup) limit when lower. */
export function memoryLimitBytes(): number {
  let limit = totalmem();
  for (const file of ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes']) {
    try {
      const value = readFileSync(file, 'utf8').trim();
      if (/^\d+$/.test(value)) limit = Math.min(limit, Number(value));
    } catch {
      // Not in a cgroup that limits memory, or not Linux.
    }
  }
  return limit;
}

/** Descriptors kept for everything but streams: a tenth of the limit, at least 256, at most half. */
export function descriptorReserve(openFiles: number): number {
  return Math.min(Math.floor(openFiles / 2), Math.max(256, Math.ceil(openFiles / 10)));
}

export interface CapacityInputs {
  /** The open-files limit; undefined where unknown. */
  openFiles: number | undefined;
  /** The memory streams may take, in bytes. */
  memoryBudget: number;
}

/** The streams one instance may hold: below both the descriptor and the memory bound. */
export function instanceStreamCap({ openFiles, memoryBudget }: CapacityInputs): number {
  const files = openFiles ?? FALLBACK_OPEN_FILES;
  const byFiles = files - descriptorReserve(files);
  const byMemory = Math.floor(memoryBudget / BYTES_PER_STREAM);
  return Math.max(1, Math.min(byFiles, byMemory));
}

export interface StreamSettings {
  perAccount?: number;
  perAddress?: number;
  /** Set: used as it is. Unset: derived from the open-files limit and the memory budget. */
  perInstance?: number;
  /** The memory streams may take, in MB; unset: a quarter of the process's memory limit. */
  memoryMb?: number;
}

export function resolveStreamLimits(settings: StreamSettings = {}): StreamLimits {
  const memoryBudget =
    settings.memoryMb === undefined ? memoryLimitBytes() / 4 : settings.memoryMb * 1024 * 1024;
  return {
    perAccount: settings.perAccount ?? DEFAULT_STREAMS_PER_ACCOUNT,
    perAddress: settings.perAddress ?? DEFAULT_STREAMS_PER_ADDRESS,
    perInstance: settings.perInstance ?? instanceStreamCap({ openFiles: openFilesLimit(), memoryBudget }),
  };
}
