import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every document a comment, a test or a page of docs cites is in the repository, at the path cited
// (docs/README.md says where each part lives); the README stays a front door.
const root = new URL('../..', import.meta.url).pathname;
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)));
const TEXT = /\.(ts|tsx|mts|mjs|js|sql|toml|json|md|css|html|sh)$/;
const SOURCE_DIRS = /^(worker|client|shared|standins|tests|scripts|themes|bench|public|\.ci)\//;
const cited = files.filter((f) => TEXT.test(f) && (SOURCE_DIRS.test(f) || !f.includes('/') || f.startsWith('docs/')));
const markdown = cited.filter((f) => f.endsWith('.md'));
const docBasenames = new Set(files.filter((f) => f.startsWith('docs/') || !f.includes('/')).map((f) => basename(f)));
const read = (f: string) => readFileSync(join(root, f), 'utf8');
const exists = (path: string) => existsSync(join(root, path));
// Applied migrations are never edited: the paths they cite that have moved are named in docs/README.md
// "Where older paths went" (which names them itself), and only there.
const olderPaths = new Set(
  [...(read('docs/README.md').split('## Where older paths went')[1] ?? '').matchAll(/`([^`]+\.md)`/g)].map((m) => m[1]!),
);
const mayCiteOlder = (file: string) => file.startsWith('worker/db/migrations/') || file === 'docs/README.md';

/** `where: what` for each citation that leads nowhere. */
function broken(find: (file: string, text: string) => string[]): string[] {
  return cited.flatMap((file) => find(file, read(file)).map((what) => `${file}: ${what}`));
}

describe('citations of documents', () => {
  it('every docs/… path cited in code, tests, the README, CONTRIBUTING and docs/ exists', () => {
    const missing = broken((file, text) =>
      // (`git show rev:docs/…` names a file of an older commit)
      [...text.matchAll(/(?<![\w./:-])docs\/[\w./-]*[\w/]/g)]
        .map((m) => m[0])
        .filter((path) => !exists(path) && !(mayCiteOlder(file) && olderPaths.has(path))),
    );
    expect(missing).toEqual([]);
  });

  it('every relative link of a Markdown page leads to a file of the repository', () => {
    const missing = markdown.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)|<img src="([^"]+)"/g)]
        .map((m) => (m[1] ?? m[2])!.split('#')[0]!)
        .filter((target) => target && !/^[a-z]+:/.test(target))
        .filter((target) => !exists(normalize(join(dirname(file), decodeURI(target)))))
        .map((target) => `${file}: ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it('a document cited by its bare name (journey.md §4) is one of docs/', () => {
    const missing = broken((file, text) =>
      [...text.matchAll(/(?<![\w./-])([\w-]+\.md)\b/g)]
        .map((m) => m[1]!)
        .filter((name) => !docBasenames.has(name) && !exists(join(dirname(file), name)))
        .filter((name) => !(mayCiteOlder(file) && olderPaths.has(name))),
    );
    expect(missing).toEqual([]);
  });

  it('nothing cites a document outside the repository', () => {
    const outside = ['PROTOCOLS', 'CONSOLE', 'DESIGN'].map((name) => `${name}.md`);
    const found = broken((file, text) => [
      ...outside.filter((name) => text.includes(name)),
      // a relative path to a Markdown file resolves inside the repository
      ...[...text.matchAll(/(?:\.\.\/)+[\w./-]+\.md\b/g)]
        .map((m) => m[0])
        .filter((path) => !exists(normalize(join(dirname(file), path))) || normalize(join(dirname(file), path)).startsWith('..')),
    ]);
    expect(found).toEqual([]);
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('is a front door: at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  it('shows small pictures (under 150 KB each)', () => {
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]+)\)|<img src="([^"]+)"/g)].map((m) => (m[1] ?? m[2])!);
    expect(images.length).toBeGreaterThanOrEqual(2);
    for (const image of images) expect(statSync(join(root, image)).size, image).toBeLessThan(150 * 1024);
  });
});
