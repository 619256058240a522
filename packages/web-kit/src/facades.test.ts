// The federated builds share curated subsets of React Router and of '@mui/material/styles'
// (build/*.facade.js). Every value the front ends — and, for the styles, the MUI X packages
// they use, whose bare imports are shared too — import from them must be in the facade, or
// it would be undefined at run time (types are free).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../..');
const SOURCES = ['packages/web-kit/src', 'shell/src', 'mfe-accounting/src', 'mfe-hr/src', 'mfe-sector/src'];

/** The names a facade re-exports from its implementation module. */
function facadeExports(file: string, impl: string): Set<string> {
  const text = readFileSync(join(__dirname, '../build', file), 'utf8');
  const block = new RegExp(`export\\s*\\{([^}]*)\\}\\s*from\\s*'${impl}'`).exec(text);
  if (!block) throw new Error(`${file}: export list not found`);
  return new Set(
    block[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

/** The front ends' own source files (tests and test utilities aside). */
function frontEndSources(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.startsWith('test-utils') ? [path] : [];
    });
  return SOURCES.flatMap((dir) => {
    try {
      return walk(join(ROOT, dir));
    } catch {
      return [];
    }
  });
}

/** The ES modules of the installed MUI X packages (what webpack bundles). */
function muiXModules(): string[] {
  const scope = join(ROOT, 'node_modules/@mui');
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : walk(path);
      return name.endsWith('.mjs') ? [path] : [];
    });
  return readdirSync(scope)
    .filter((name) => name.startsWith('x-'))
    .flatMap((name) => walk(join(scope, name)));
}

/** "file: name" for every value imported from `module` that the facade lacks (and namespace or default imports). */
function missingNames(files: string[], module: string, allowed: Set<string>): string[] {
  const from = `\\s*from\\s*['"]${module.replace(/\//g, '\\/')}['"]`;
  const missing: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (new RegExp(`import\\s+\\*\\s+as\\s+\\w+${from}`).test(text)) missing.push(`${relative(ROOT, file)}: * as`);
    for (const match of text.matchAll(new RegExp(`(?:import|export)\\s*(type\\s*)?(\\w+\\s*,\\s*)?\\{([^}]*)\\}${from}`, 'g'))) {
      if (match[1]) continue;
      if (match[2]) missing.push(`${relative(ROOT, file)}: default import`);
      for (const part of match[3].split(',')) {
        const trimmed = part.trim();
        if (!trimmed || trimmed.startsWith('type ')) continue;
        const name = trimmed.split(/\s+as\s+/)[0].trim();
        if (!allowed.has(name)) missing.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
  }
  return missing;
}

describe('react-router facade', () => {
  const allowed = facadeExports('react-router-dom.facade.js', 'xaalis-react-router-impl');

  it('re-exports the declarative router API', () => {
    const api = ['BrowserRouter', 'Routes', 'Route', 'Navigate', 'Outlet', 'Link', 'NavLink', 'useNavigate', 'useLocation', 'useParams'];
    for (const name of [...api, 'useSearchParams']) expect(allowed.has(name)).toBe(true);
  });

  it('covers every name the front ends import from react-router-dom, and nobody imports react-router directly', () => {
    const files = frontEndSources();
    expect(files.filter((file) => /from\s+'react-router'/.test(readFileSync(file, 'utf8'))).map((f) => relative(ROOT, f))).toEqual([]);
    expect(missingNames(files, 'react-router-dom', allowed)).toEqual([]);
  });
});

describe('@mui/material/styles facade', () => {
  const allowed = facadeExports('mui-styles.facade.js', 'xaalis-mui-styles-impl');

  it('re-exports the theming API', () => {
    for (const name of ['ThemeProvider', 'createTheme', 'useTheme', 'styled', 'alpha']) expect(allowed.has(name)).toBe(true);
  });

  it("covers every value the front ends import from '@mui/material/styles'", () => {
    expect(missingNames(frontEndSources(), '@mui/material/styles', allowed)).toEqual([]);
  });

  it("covers every value the MUI X packages import from '@mui/material/styles'", () => {
    expect(missingNames(muiXModules(), '@mui/material/styles', allowed)).toEqual([]);
  });
});
