// The /auth JavaScript budget (issue 14, DESIGN.md §2): at most 170 KiB gzipped for a
// cold load of the sign-in page, and no module shipped twice. Measured from the build
// (`npm test` builds the front ends before the e2e run) with the same code as
// infra/bench/auth-bundle-size.js; then checked against what Chromium really fetches.
import { createRequire } from 'node:module';
import { chromiumForTests, newPage } from './browser';

interface PageFile {
  file: string;
  reason: string;
  bytes: number;
  gzip: number;
  modules: string[];
}
interface PageBundle {
  files: PageFile[];
  totalBytes: number;
  totalGzip: number;
  duplicates: { module: string; files: string[] }[];
}
interface PageBundleLib {
  measurePageJs: (options?: { dist?: string; group?: string }) => PageBundle;
  shellDuplicates: (options?: { dist?: string }) => { module: string; files: string[] }[];
  largestPieces: (result: PageBundle, count?: number) => string[];
  kib: (bytes: number) => string;
}

const { measurePageJs, shellDuplicates, largestPieces, kib } = createRequire(__filename)(
  '../../infra/bench/lib/page-bundle.js',
) as PageBundleLib;

const BUDGET_KIB = 170;
const auth = measurePageJs({ group: 'page-auth' });

test(`a cold load of /auth downloads at most ${BUDGET_KIB} KiB of gzipped JavaScript`, () => {
  const total = auth.totalGzip / 1024;
  if (total > BUDGET_KIB) {
    throw new Error(
      [
        `/auth: ${kib(auth.totalGzip)} KiB gzipped in ${auth.files.length} files, over the ${BUDGET_KIB} KiB budget.`,
        'Largest pieces (node infra/bench/auth-bundle-size.js lists them all):',
        ...largestPieces(auth, 15),
      ].join('\n'),
    );
  }
  expect(total).toBeLessThanOrEqual(BUDGET_KIB);
});

test('no module is shipped twice on /auth, nor anywhere in the shell (signed-in pages included)', () => {
  expect(auth.duplicates.map((d) => `${d.module} in ${d.files.join(', ')}`)).toEqual([]);
  expect(shellDuplicates().map((d) => `${d.module} in ${d.files.join(', ')}`)).toEqual([]);
});

describe('in Chromium', () => {
  const browser = chromiumForTests();

  test('/auth fetches no script the build measure does not count (the form waits for nothing else)', async () => {
    const { context, page } = await newPage(browser());
    const fetched: string[] = [];
    page.on('response', (response) => {
      if ((response.headers()['content-type'] ?? '').includes('javascript')) fetched.push(new URL(response.url()).pathname.slice(1));
    });
    await page.goto('/auth', { waitUntil: 'networkidle' });
    await page.getByRole('tab', { name: 'Connexion' }).waitFor();
    const counted = new Set(auth.files.map((f) => f.file));
    expect(fetched.filter((file) => !counted.has(file))).toEqual([]);
    await context.close();
  });
});
