import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { stateFile } from '../../stack/paths.ts';

/** Measured on the stack's broker: 6,000 partitions took its old generation to ~85% of a 512 MB heap. */
const HEAP_BYTES_PER_PARTITION = 64 * 1024;
const UNITS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/**
 * How many more partitions the local stack's broker can hold. Each keeps its active segment open (a file
 * descriptor), maps its offset and time indexes (two memory maps) and costs heap; past the process's
 * open-file limit, vm.max_map_count or its -Xmx the broker dies or stalls in full GCs, and with it every
 * test on the shared stack. Undefined when the broker is not the local stack's (a remote bootstrap).
 */
export function partitionBudget(): { partitions: number; reason: string; pid: number } | undefined {
  const state = stateFile;
  if (!existsSync(state)) return undefined;
  const kafka = (
    JSON.parse(readFileSync(state, 'utf8')) as { processes?: { kafka?: { pid?: number; command?: string } } }
  ).processes?.kafka;
  const pid = kafka?.pid;
  if (!pid || !existsSync(`/proc/${pid}`)) return undefined;
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const openFiles = Number(/^Max open files\s+(\d+)/m.exec(limits)?.[1] ?? Number.POSITIVE_INFINITY);
  const files = openFiles - readdirSync(`/proc/${pid}/fd`).length;
  const maps =
    Number(readFileSync('/proc/sys/vm/max_map_count', 'utf8')) -
    readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n').length;
  const xmx = /-Xmx(\d+)([kmg])/i.exec(kafka?.command ?? '');
  const heap = xmx ? Number(xmx[1]) * (UNITS[(xmx[2] ?? 'm').toLowerCase()] ?? 1) : Number.POSITIVE_INFINITY;
  const budgets: [number, string][] = [
    [Math.floor(files * 0.9), `${files} open files left`],
    [Math.floor((maps * 0.9) / 2), `${maps} memory maps left`],
    [Math.floor(heap / HEAP_BYTES_PER_PARTITION), `a ${xmx?.[0] ?? 'unbounded'} heap`],
  ];
  const [partitions, reason] = budgets.reduce((a, b) => (b[0] < a[0] ? b : a));
  return { partitions, reason, pid };
}
