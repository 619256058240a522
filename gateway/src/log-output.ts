import fs from 'node:fs';

/** Where pino writes: `write` gets one serialised line at a time. */
export interface LogOutput {
  write(line: string): void;
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** Writes all of `data`, waiting while a non-blocking pipe is full (as pino's own sync output does). */
function writeFully(fd: number, data: string): void {
  let buf = Buffer.from(data);
  while (buf.length > 0) {
    try {
      buf = buf.subarray(fs.writeSync(fd, buf));
    } catch (err) {
      // Standard output closed (EPIPE…): the lines are lost, as they would be with pino's output.
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(pause, 0, 0, 5);
    }
  }
}

let stdout: LogOutput | null = null;

/**
 * Standard output written once per event-loop turn with every line logged meanwhile, instead of
 * one system call per line: under load the request log line was one of the four writes of each
 * proxied request. Still synchronous writes, in order; whatever is pending is written when the
 * process exits (process.exit, an uncaught exception), so a crash loses nothing.
 */
export function batchedStdout(): LogOutput {
  if (stdout) return stdout; // one per process: a single exit hook, lines kept in order
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const data = pending.join('');
    pending = [];
    writeFully(1, data);
  };
  process.once('exit', flush);
  stdout = {
    write(line) {
      pending.push(line);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
  };
  return stdout;
}
