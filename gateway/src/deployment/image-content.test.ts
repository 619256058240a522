import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// No test and no test helper in what `tsc -b` emits nor in the node image: each server
// project's tsconfig.json leaves out src/**/*.test.ts and src/**/test-support/**, which its
// tsconfig.test.json type-checks without emitting; infra/docker/node.Dockerfile copies into
// the image only package.json files, node_modules, the projects' dist/ and the gateway's data.
// Runs on the built output: `npx tsc -b` first (npm test does).

const ROOT = path.resolve(__dirname, '..', '..', '..');
const DOCKERFILE = path.join(ROOT, 'infra', 'docker', 'node.Dockerfile');
/** The projects whose dist/ the image runs, each with a file its dist/ must hold once built. */
const ENTRY_POINTS: Record<string, string> = {
  'packages/domain': 'index.js',
  'packages/contracts': 'index.js',
  'packages/service-kit': 'index.js',
  'services/accounting': 'worker.js',
  'services/hr': 'worker.js',
  'services/sector': 'worker.js',
  gateway: 'server.js',
  infra: 'db-roles.js',
};
const SERVER_PROJECTS = Object.keys(ENTRY_POINTS);
/** What a test or a test helper looks like, in src/ or in dist/. */
const TEST_FILE = /\.test\.[cm]?[jt]s$|\.test\.d\.ts$|(^|\/)test-support(\/|$)/;
/** Test-only packages: production code that imports one is a test helper in the wrong place. */
const TEST_PACKAGES = /^(supertest|fast-check|jest|@jest\/.*|@types\/jest)$/;

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The source files a tsconfig compiles. */
function programFiles(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(ROOT, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`${config} could not be read`);
  return parsed.fileNames.map(rel);
}

/**
 * The node image's final stage: its COPY instructions from the build stage ([source under
 * /app, destination]), and any other instruction that could put files in the image.
 */
function finalStage(): { copies: [string, string][]; others: string[] } {
  const text = fs.readFileSync(DOCKERFILE, 'utf8');
  const instructions = text
    .slice(text.lastIndexOf('\nFROM '))
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const copies: [string, string][] = [];
  const others: string[] = [];
  for (const line of instructions) {
    const copy = /^COPY --from=build \/app\/(\S+) (\S+)$/.exec(line);
    if (copy) copies.push([copy[1], copy[2]]);
    else if (!/^(FROM|ENV|WORKDIR|USER|EXPOSE|CMD) /.test(line)) others.push(line);
  }
  return { copies, others };
}

describe('the built server code', () => {
  it.each(SERVER_PROJECTS)('%s: tsconfig.json compiles no test nor test helper, tsconfig.test.json type-checks them all', (project) => {
    const built = programFiles(`${project}/tsconfig.json`);
    const tests = programFiles(`${project}/tsconfig.test.json`);
    const sources = filesUnder(path.join(ROOT, project, 'src'))
      .map(rel)
      .filter((f) => f.endsWith('.ts'));
    expect(built.filter((f) => TEST_FILE.test(f))).toEqual([]);
    expect(tests.filter((f) => !TEST_FILE.test(f))).toEqual([]);
    // Every source is built or type-checked as a test: none escapes the type check.
    expect(sources.filter((f) => !built.includes(f) && !tests.includes(f))).toEqual([]);
    expect(sources.filter((f) => TEST_FILE.test(f)).length).toBe(tests.length);
  });

  it('imports no test-only package outside the tests and their helpers (src/**/test-support/)', () => {
    const offenders = SERVER_PROJECTS.flatMap((project) =>
      programFiles(`${project}/tsconfig.json`).flatMap((file) =>
        ts
          .preProcessFile(fs.readFileSync(path.join(ROOT, file), 'utf8'), true, true)
          .importedFiles.map((i) => i.fileName)
          .filter((name) => TEST_PACKAGES.test(name))
          .map((name) => `${file} imports ${name}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it.each(SERVER_PROJECTS)('%s/dist holds no test nor test helper', (project) => {
    const dist = path.join(ROOT, project, 'dist');
    const files = filesUnder(dist).map((f) => rel(f));
    expect(files).toContain(`${project}/dist/${ENTRY_POINTS[project]}`);
    const found = files.filter((f) => TEST_FILE.test(f.slice(project.length + 1)));
    if (found.length > 0)
      throw new Error(
        `${found.join('\n')}\nin ${project}/dist: tests or test helpers (if left by a build from before they were excluded: rm -rf ${project}/dist && npx tsc -b)`,
      );
  });
});

describe('infra/docker/node.Dockerfile, the image of the gateway, services and workers', () => {
  const { copies, others } = finalStage();
  const sources = copies.map(([source]) => source);

  it('adds files to the image only by COPY --from=build, one path at a time (no RUN, ADD or COPY from the context)', () => {
    expect(others).toEqual([]);
  });

  it('copies only package.json files, installed dependencies, the server projects’ dist/ and the gateway’s data', () => {
    const allowed = new Set([
      'package.json',
      'node_modules',
      'gateway/data',
      ...SERVER_PROJECTS.flatMap((p) => [`${p}/package.json`, `${p}/dist`, `${p}/node_modules`]),
    ]);
    expect(sources.filter((s) => !allowed.has(s))).toEqual([]);
    // Each to the same place under /app (a package.json into its folder).
    const placeOf = (source: string) => (source.endsWith('package.json') ? `${path.posix.dirname(source)}/` : source);
    expect(copies.filter(([source, destination]) => destination !== placeOf(source))).toEqual([]);
    expect(sources.filter((s) => TEST_FILE.test(s) || /(^|\/)(src|e2e)(\/|$)/.test(s))).toEqual([]);
  });

  it('copies every server project’s package.json and dist/, and its own node_modules exactly when the lockfile gives it one', () => {
    const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean }>;
    };
    for (const project of SERVER_PROJECTS) {
      const ownDependencies = Object.entries(lock.packages).some(
        ([key, entry]) => key.startsWith(`${project}/node_modules/`) && !entry.dev,
      );
      expect({ project, packageJson: sources.includes(`${project}/package.json`), dist: sources.includes(`${project}/dist`) }).toEqual({
        project,
        packageJson: true,
        dist: true,
      });
      expect({ project, nodeModules: sources.includes(`${project}/node_modules`) }).toEqual({ project, nodeModules: ownDependencies });
    }
    expect(sources).toEqual(expect.arrayContaining(['package.json', 'node_modules', 'gateway/data']));
  });
});
