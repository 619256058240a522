import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedDemo, type DemoOptions, type DemoResult } from '@xaalis/infra/demo';
import { baseUrl } from './browser';

/**
 * The demo seeded once per end-to-end run, whichever file asks first (the files share the app
 * and run one at a time): the first seeding's result is kept beside the run's state (its
 * database names the run), so demo.e2e.test.ts checks the figures of the seeding that created
 * the demo even when the accessibility walk asked for it before.
 */
export async function demoOnce(options: DemoOptions): Promise<DemoResult> {
  const state = JSON.parse(fs.readFileSync(path.join(os.tmpdir(), 'xaalis-e2e-state.json'), 'utf8')) as { dbName: string };
  const file = path.join(os.tmpdir(), `xaalis-e2e-demo-${state.dbName}.json`);
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoResult;
  const result = await seedDemo(baseUrl(), options);
  if (result.created) fs.writeFileSync(file, JSON.stringify(result));
  return result;
}
