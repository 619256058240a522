// The federated builds share a curated subset of React Router (see
// build/react-router-dom.facade.js). Every name the front ends import from
// 'react-router-dom' must be in it, or it would be undefined at run time.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../../..');
const SOURCES = ['packages/web-kit/src', 'shell/src', 'mfe-accounting/src', 'mfe-hr/src', 'mfe-sector/src'];

function facadeExports(): Set<string> {
  const text = readFileSync(join(__dirname, '../build/react-router-dom.facade.js'), 'utf8');
  const block = /export\s*\{([^}]*)\}\s*from\s*'xaalis-react-router-impl'/.exec(text);
  if (!block) throw new Error('facade export list not found');
  return new Set(
    block[1]
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.startsWith('test-utils') ? [path] : [];
  });
}

describe('react-router facade', () => {
  const allowed = facadeExports();

  it('re-exports the declarative router API', () => {
    for (const name of [
      'BrowserRouter',
      'Routes',
      'Route',
      'Navigate',
      'Outlet',
      'Link',
      'NavLink',
      'useNavigate',
      'useLocation',
      'useParams',
      'useSearchParams',
    ]) {
      expect(allowed.has(name)).toBe(true);
    }
  });

  it('covers every name the front ends import from react-router-dom, and nobody imports react-router directly', () => {
    const missing: string[] = [];
    for (const dir of SOURCES) {
      let files: string[] = [];
      try {
        files = sourceFiles(join(ROOT, dir));
      } catch {
        continue;
      }
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        expect({ file: relative(ROOT, file), direct: /from\s+'react-router'/.test(text) }).toEqual({
          file: relative(ROOT, file),
          direct: false,
        });
        for (const match of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
          if (match[1]) continue;
          for (const part of match[2].split(',')) {
            const trimmed = part.trim();
            if (!trimmed || trimmed.startsWith('type ')) continue;
            const name = trimmed.split(/\s+as\s+/)[0].trim();
            if (!allowed.has(name)) missing.push(`${relative(ROOT, file)}: ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
