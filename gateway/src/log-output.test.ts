import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { transformFileSync } from '@swc/core';

// The batched standard output in a child process of its own (its exit hook is the point).
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xaalis-log-output-'));
  const options = { jsc: { parser: { syntax: 'typescript' as const }, target: 'es2022' as const }, module: { type: 'commonjs' as const } };
  fs.writeFileSync(path.join(dir, 'log-output.js'), transformFileSync(path.join(__dirname, 'log-output.ts'), options).code);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (body: string) => {
  const script = `const out = require(${JSON.stringify(path.join(dir, 'log-output.js'))}).batchedStdout();\n${body}`;
  return spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
};
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i}\n`).join('');

describe('batchedStdout', () => {
  it('writes every line, in order, across event-loop turns', () => {
    const res = run(`
      let i = 0;
      const next = () => { for (const end = i + 100; i < end; i++) out.write('line ' + i + '\\n'); if (i < 1000) setTimeout(next, 1); };
      next();`);
    expect(res.status).toBe(0);
    expect(res.stdout).toBe(numbered(1000));
  });

  it('writes what is pending when the process exits or crashes', () => {
    const exit = run(`for (let i = 0; i < 10; i++) out.write('line ' + i + '\\n'); process.exit(3);`);
    expect(exit.status).toBe(3);
    expect(exit.stdout).toBe(numbered(10));
    const crash = run(`for (let i = 0; i < 10; i++) out.write('line ' + i + '\\n'); throw new Error('boom');`);
    expect(crash.status).toBe(1);
    expect(crash.stdout).toBe(numbered(10));
  });
});
