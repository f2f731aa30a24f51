// The scopes the manifest asks for are the ones docs/publish.md's scope table explains, no more, no less.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');

it("docs/publish.md's scope table and dist/appsscript.json name the same scopes", () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/appsscript.json'), 'utf8')) as {
    oauthScopes: string[];
  };
  const readme = readFileSync(join(ROOT, 'docs/publish.md'), 'utf8');
  const table = readme.slice(readme.indexOf('| Scope | Why |'));
  const inTable = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([a-z._]+)` \|/gm)].map(
    (m) => m[1],
  );
  const inManifest = manifest.oauthScopes.map((scope) =>
    scope.replace('https://www.googleapis.com/auth/', ''),
  );
  expect(inTable.sort()).toEqual(inManifest.sort());
});
