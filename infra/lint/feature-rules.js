// DESIGN §1 "No cross-feature imports except through a feature's public index.ts; shared
// code goes to packages/" as three local ESLint rules (plugin `xaalis`):
//
// - feature-index: a file of feature A imports a sibling feature B as `../B` (its index.ts),
//   never `../B/SomeFile`. Sub-features (settings/fiscal-years) are features of their own toward
//   their parent and their siblings; a sub-feature may use its parent's files, being part of
//   it (settings/fiscal-years imports `../rights`). Test files may take a sibling's fixtures.
// - no-feature-cycle: no cycle between the feature folders of an app, counted at the level
//   where two folders are siblings (invoices → payments → invoices, fiscal-years → integrity →
//   fiscal-years); a parent and its own sub-features are one feature. Static, type-only and
//   dynamic (`import()`) imports all count; tests and fixtures do not.
// - package-entry: a package is imported by its name (`@xaalis/web-kit`) or one of the
//   entries its package.json exports (`@xaalis/contracts/sign-in`), never through its src/.
const fs = require('node:fs');
const path = require('node:path');
const { minimatch } = require('minimatch');

const root = path.resolve(__dirname, '..', '..');
const rule = (text) => `DESIGN §1: ${text}.`;
const toPosix = (p) => p.split(path.sep).join('/');

/** Test code: tests, fixtures and test helpers (they may reach into a sibling's test data). */
const isTestFile = (file) =>
  /\.test\.[jt]sx?$/.test(file) || /(^|\/)(fixtures|testing|test-utils)(\.[jt]sx?$|\/)/.test(file) || file.includes('/test-support/');

/** `<app>/src/features` and the folder chain under it of a repository-relative path, or null. */
function featureLocation(relPath) {
  const match = /^(.+?\/src\/features)\/(.+)$/.exec(relPath);
  return match ? { featuresDir: match[1], segments: match[2].split('/') } : null;
}

const stripExtension = (p) => p.replace(/\.(d\.ts|tsx?|jsx?|mjs|cjs)$/, '');
function isDirectory(abs) {
  try {
    return fs.statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Where a relative import of `fromFile` (repository-relative) lands inside the same app's
 * features: its folder chain under `features/` and whether the import names a folder (its
 * index) rather than a file. Null when it leaves the features (src/ui, test-utils, packages).
 */
function importedFeaturePath(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const from = featureLocation(fromFile);
  if (!from) return null;
  const abs = path.resolve(root, path.dirname(fromFile), specifier);
  const rel = toPosix(path.relative(path.join(root, from.featuresDir), abs));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const folder = isDirectory(abs);
  const segments = stripExtension(rel).split('/');
  if (!folder && segments[segments.length - 1] === 'index') segments.pop();
  return { segments, folder: folder || /\/index(\.[jt]sx?)?$/.test(specifier) };
}

/**
 * The two sibling feature folders an import joins, or null when it stays within one feature
 * (same folder, a sub-feature using its parent, a parent using its own sub-feature is checked
 * by feature-index only). `fromDir` and `target` are folder chains under `features/`.
 */
function siblingEdge(fromDir, targetDir) {
  let common = 0;
  while (common < fromDir.length && common < targetDir.length && fromDir[common] === targetDir[common]) common += 1;
  if (common === fromDir.length || common === targetDir.length) return null;
  const prefix = fromDir.slice(0, common);
  return { from: [...prefix, fromDir[common]].join('/'), to: [...prefix, targetDir[common]].join('/') };
}

/** The folder chain an import lands in (a file's folder, or the folder itself when it names one). */
const targetDirOf = (target) => (target.folder ? target.segments : target.segments.slice(0, -1));

const IMPORT_PATTERN =
  /(?:\bimport|\bexport)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

// One feature graph per app, rebuilt when a file under its features changes (an editor's
// ESLint server lives longer than one run). Each edge keeps the files that make it.
const graphs = new Map();
function featureEdges(featuresDir) {
  const abs = path.join(root, featuresDir);
  const files = sourceFiles(abs)
    .map((file) => toPosix(path.relative(root, file)))
    .filter((file) => !isTestFile(file));
  const stamp = files.map((file) => `${file}:${fs.statSync(path.join(root, file)).mtimeMs}`).join('|');
  const cached = graphs.get(featuresDir);
  if (cached && cached.stamp === stamp) return cached.edgesByFile;
  const edgesByFile = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const specifiers = [...text.matchAll(IMPORT_PATTERN)].map((m) => m[1] ?? m[2] ?? m[3]);
    edgesByFile.set(file, edgesOf(file, specifiers));
  }
  graphs.set(featuresDir, { stamp, edgesByFile });
  return edgesByFile;
}

function edgesOf(file, specifiers) {
  const fromDir = featureLocation(file).segments.slice(0, -1);
  return specifiers.flatMap((specifier) => {
    const target = importedFeaturePath(file, specifier);
    const edge = target && siblingEdge(fromDir, targetDirOf(target));
    return edge ? [edge] : [];
  });
}

/** A path of features from `start` back to `goal` (breadth first: the shortest), or null. */
function pathBetween(edgesByFile, start, goal) {
  const next = new Map();
  for (const edges of edgesByFile.values()) for (const { from, to } of edges) next.set(from, new Set([...(next.get(from) ?? []), to]));
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === goal) {
      const chain = [];
      for (let at = node; at !== null; at = previous.get(at)) chain.unshift(at);
      return chain;
    }
    for (const to of next.get(node) ?? [])
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
  }
  return null;
}

/** The module specifiers of a file's import and export declarations and dynamic imports. */
function onImports(check) {
  const of = (node) => {
    if (node.source && node.source.type === 'Literal' && typeof node.source.value === 'string') check(node, node.source.value);
  };
  return { ImportDeclaration: of, ExportNamedDeclaration: of, ExportAllDeclaration: of, ImportExpression: of };
}

const relativeOf = (context) => toPosix(path.relative(root, context.filename));

/**
 * A rule on the files of a feature folder: create(context, file, from) builds its visitors for
 * them only (file: the repository-relative path, from: its featureLocation); other files get none.
 */
const featureRule = (description, messages, create) => ({
  meta: { type: 'problem', docs: { description }, schema: [], messages },
  create(context) {
    const file = relativeOf(context);
    const from = featureLocation(file);
    return from ? create(context, file, from) : {};
  },
});

const featureIndex = featureRule(
  "A feature imports a sibling feature only through the sibling's index.ts.",
  {
    deep: rule(
      "a feature imports a sibling only through its index.ts — import '{{index}}' (export what is missing from {{feature}}/index.ts), or move what both need down to src/ui, src/api or packages/web-kit",
    ),
  },
  (context, file, from) => {
    const fromDir = from.segments.slice(0, -1);
    const test = isTestFile(file);
    return onImports((node, specifier) => {
      const target = importedFeaturePath(file, specifier);
      if (!target) return;
      let common = 0;
      while (common < fromDir.length && common < target.segments.length && fromDir[common] === target.segments[common]) common += 1;
      // Within the importer's own folder chain (a file or the index of this feature or of a parent): allowed.
      if (common === target.segments.length) return;
      if (common === fromDir.length && target.segments.length === common + 1) return;
      if (common === target.segments.length - 1 && !target.folder) return;
      // Into a sibling (or a sub-feature): its folder, i.e. its index.ts, and nothing deeper.
      const depth = target.segments.length - common;
      if (target.folder && depth === 1) return;
      if (test && depth === 2 && target.segments[target.segments.length - 1] === 'fixtures') return;
      const feature = target.segments[common];
      const index = specifier.slice(0, specifier.lastIndexOf(feature) + feature.length);
      context.report({ node: node.source, messageId: 'deep', data: { index, feature } });
    });
  },
);

const noFeatureCycle = featureRule(
  'No import cycle between the feature folders of an app.',
  {
    cycle: rule(
      'no cycle between feature folders — {{chain}}; move what both need down (src/api, src/ui, packages/web-kit, packages/contracts) or compose the two where they meet (the page)',
    ),
  },
  (context, file, from) => {
    if (isTestFile(file)) return {};
    const imports = [];
    return {
      ...onImports((node, specifier) => imports.push({ node, specifier })),
      'Program:exit'() {
        if (imports.length === 0) return;
        // The graph on disk, with this file as linted (its text may not be saved yet).
        const edgesByFile = new Map(featureEdges(from.featuresDir));
        edgesByFile.set(
          file,
          edgesOf(
            file,
            imports.map((i) => i.specifier),
          ),
        );
        const reported = new Set();
        for (const { node, specifier } of imports) {
          const [edge] = edgesOf(file, [specifier]);
          if (!edge || reported.has(`${edge.from}>${edge.to}`)) continue;
          const back = pathBetween(edgesByFile, edge.to, edge.from);
          if (!back) continue;
          reported.add(`${edge.from}>${edge.to}`);
          context.report({ node: node.source, messageId: 'cycle', data: { chain: [edge.from, ...back].join(' → ') } });
        }
      },
    };
  },
);

const packageEntry = {
  meta: {
    type: 'problem',
    docs: { description: 'A package is imported by its name or an exported entry, never through its src/.' },
    schema: [
      {
        type: 'object',
        properties: {
          allow: {
            type: 'array',
            items: {
              type: 'object',
              properties: { files: { type: 'array', items: { type: 'string' } }, imports: { type: 'array', items: { type: 'string' } } },
              required: ['files', 'imports'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      src: rule(
        "a package is imported by its name — '{{name}}', never its src/ files; export what is needed from {{dir}}/src/index.ts (or add a narrow entry to its package.json exports, as contracts' 'sign-in')",
      ),
    },
  },
  create(context) {
    const file = relativeOf(context);
    const allowed = (context.options[0]?.allow ?? [])
      .filter((entry) => entry.files.some((glob) => minimatch(file, glob)))
      .flatMap((entry) => entry.imports);
    return onImports((node, specifier) => {
      let name;
      let dir;
      const scoped = /^(@xaalis\/[^/]+)\/src(\/|$)/.exec(specifier);
      if (scoped) {
        name = scoped[1];
        dir = `packages/${name.slice('@xaalis/'.length)}`;
      } else if (specifier.startsWith('.')) {
        // A relative path into a package from outside it.
        const target = toPosix(path.relative(root, path.resolve(root, path.dirname(file), specifier)));
        const pkg = /^packages\/([^/]+)\/src(\/|$)/.exec(target);
        if (!pkg || file.startsWith(`packages/${pkg[1]}/`)) return;
        name = `@xaalis/${pkg[1]}`;
        dir = `packages/${pkg[1]}`;
      } else return;
      if (allowed.some((pattern) => minimatch(specifier, pattern))) return;
      context.report({ node: node.source, messageId: 'src', data: { name, dir } });
    });
  },
};

const plugin = {
  meta: { name: 'xaalis' },
  rules: { 'feature-index': featureIndex, 'no-feature-cycle': noFeatureCycle, 'package-entry': packageEntry },
};

module.exports = { plugin, isTestFile };
