import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';

export interface ProcessSpec {
  name: string;
  /** A Node script, run with this Node (ignored when `command` is given). */
  script: string;
  env: NodeJS.ProcessEnv;
  /** Another program than Node (nginx in front of replicas), with its arguments. */
  command?: { file: string; args: string[] };
}

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

/** The fields of a pino JSON line that the short form shows. */
interface PinoLine {
  level?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
}

/** Turns a pino JSON line into one short readable line; other lines pass as they are. */
export function formatLogLine(name: string, line: string): string {
  if (line.startsWith('{')) {
    try {
      const o = JSON.parse(line) as PinoLine;
      const level = o.level === undefined ? '' : (LEVELS[o.level] ?? String(o.level));
      const req = o.req ? ` ${o.req.method ?? ''} ${o.req.url ?? ''}` : '';
      const status = o.res?.statusCode ? ` ${o.res.statusCode}` : '';
      const time = o.responseTime !== undefined ? ` ${o.responseTime}ms` : '';
      const err = o.err?.message ? ` — ${o.err.message}` : '';
      return `[${name}] ${level} ${o.msg ?? ''}${req}${status}${time}${err}`;
    } catch {
      /* not JSON after all */
    }
  }
  return `[${name}] ${line}`;
}

/**
 * Runs the product's processes, restarts one that dies (a few times, with a
 * delay), and stops them all together.
 */
export class Supervisor {
  private children = new Map<string, ChildProcess>();
  private restarts = new Map<string, number[]>();
  private stopping = false;

  /** `output`: where each line the children print goes (default: the console, in the short form). */
  constructor(
    private readonly log: (m: string) => void,
    private readonly output: (name: string, line: string) => void = (name, line) => console.log(formatLogLine(name, line)),
  ) {}

  start(spec: ProcessSpec): void {
    // `npm run dev`: restart a process when its build output changes.
    const args = process.env.XAALIS_WATCH ? ['--watch', spec.script] : [spec.script];
    const [file, argv] = spec.command ? [spec.command.file, spec.command.args] : [process.execPath, args];
    const child = spawn(file, argv, { env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.children.set(spec.name, child);
    child.on('error', (err) => {
      this.log(`✖ ${spec.name} : ${err.message}`);
      // Never started (program missing): no 'exit' will come, nothing to stop.
      if (child.pid === undefined) this.children.delete(spec.name);
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => this.output(spec.name, line));
    }
    child.on('exit', (code, signal) => {
      this.children.delete(spec.name);
      if (this.stopping) return;
      const now = Date.now();
      const recent = (this.restarts.get(spec.name) ?? []).filter((t) => now - t < 60_000);
      if (recent.length >= 5) {
        this.log(`✖ ${spec.name} s'est arrêté ${recent.length + 1} fois en une minute (code ${code ?? signal}) : abandon.`);
        return;
      }
      recent.push(now);
      this.restarts.set(spec.name, recent);
      this.log(`⚠ ${spec.name} s'est arrêté (code ${code ?? signal}), redémarrage dans 1 s…`);
      setTimeout(() => !this.stopping && this.start(spec), 1000);
    });
  }

  /** SIGTERM to every child, SIGKILL to those still alive after `graceMs`. */
  async stopAll(graceMs = 5000): Promise<void> {
    this.stopping = true;
    const waits = [...this.children.values()].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    );
    await Promise.all(waits);
  }
}
