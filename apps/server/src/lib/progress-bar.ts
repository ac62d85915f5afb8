/** A one-line progress bar on stderr (redrawn in place on a terminal, a line every 10 % otherwise). */
export interface Progress {
  phase: string;
  done: number;
  total: number;
}

export function progressBar(label: string): { update: (p: Progress) => void; end: () => void } {
  const started = Date.now();
  const tty = process.stderr.isTTY;
  let lastTenth = -1;
  const line = (p: Progress) => {
    const ratio = p.total > 0 ? p.done / p.total : 0;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    return `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${p.phase.padEnd(14)} ${p.done.toLocaleString('en')}/${p.total.toLocaleString('en')} rows ${seconds}s`;
  };
  return {
    update: (p) => {
      if (tty) {
        process.stderr.write(`\r${line(p)}\x1b[K`);
        return;
      }
      const tenth = Math.floor((p.done / Math.max(1, p.total)) * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${line(p)}\n`);
      }
    },
    end: () => {
      if (tty) process.stderr.write('\n');
    },
  };
}
