// `npm run marketplace` writes the kit a publisher hands to the Marketplace SDK. Every file is
// checked here: sizes, counts, text limits, links, the scope table against the built manifest,
// and the listed prices against the fake API's own catalog (written from the spec, not the code).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FUNCTION_NAMES, operationByFunction } from '../../src/core/operations/table';
import { operationOf } from '../../tools/fake-api/catalog';

const ROOT = join(__dirname, '../..');

interface Listing {
  name: string;
  shortDescription: string;
  detailedDescription: string;
  category: string;
  functions: { function: string; what: string; price: string }[];
  links: { support: string; privacy: string; terms: string; help: string | null; supportUrl: string };
  scopes: { scope: string; feature: string; sensitive: boolean }[];
}

const pngSize = (file: string) => {
  const png = readFileSync(file);
  expect(png.readUInt32BE(0)).toBe(0x89504e47);
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
};

let kit: string;
let listing: Listing;

beforeAll(() => {
  kit = mkdtempSync(join(tmpdir(), 'kit-'));
  execFileSync('node', ['scripts/marketplace.mjs', '--out', kit], { cwd: ROOT, stdio: 'pipe' });
  listing = JSON.parse(readFileSync(join(kit, 'listing.json'), 'utf8'));
});
afterAll(() => rmSync(kit, { recursive: true, force: true }));

describe('the Marketplace kit', () => {
  it('has the icons at 32, 48, 96 and 128 pixels and the 220 x 140 card banner, all rendered', () => {
    for (const size of [32, 48, 96, 128]) {
      expect(pngSize(join(kit, 'icons', `icon-${size}.png`))).toEqual({ width: size, height: size });
    }
    expect(pngSize(join(kit, 'card-banner-220x140.png'))).toEqual({ width: 220, height: 140 });
  });

  it('has at least three screenshots at 1280 x 800', () => {
    const shots = readdirSync(join(kit, 'screenshots'));
    expect(shots.length).toBeGreaterThanOrEqual(3);
    for (const shot of shots)
      expect(pngSize(join(kit, 'screenshots', shot))).toEqual({ width: 1280, height: 800 });
  });

  it("keeps the listing's text inside the SDK's limits, without Google's name in the app's", () => {
    expect(listing.name).toBe('Enrich for Sheets');
    expect(listing.name.length).toBeLessThanOrEqual(50);
    expect(listing.name).not.toMatch(/google/i);
    expect(listing.shortDescription.length).toBeLessThanOrEqual(200);
    expect(listing.detailedDescription.length).toBeLessThan(16_000);
    expect(listing.category).not.toBe('');
  });

  it('lists every function once, at the price the spec gives its lookup', () => {
    const listed = listing.functions.map((entry) => entry.function.split('(')[0]!);
    expect([...listed].sort()).toEqual([...FUNCTION_NAMES].sort());
    for (const entry of listing.functions) {
      const op = operationByFunction(entry.function.split('(')[0]!);
      if (!op) continue; // ENRICH: any lookup, at its price
      const spec = operationOf(op.type)!.price;
      expect(entry.price).toBe(
        spec.per === 'employee'
          ? `${spec.credits} credit per employee`
          : `${spec.credits} credit${spec.credits === 1 ? '' : 's'}`,
      );
      expect(listing.detailedDescription).toContain(`${entry.function}: ${entry.what} ${entry.price}.`);
    }
  });

  it('says what leaves the spreadsheet and where it goes', () => {
    expect(listing.detailedDescription).toContain(
      'only the inputs you ask to enrich, with your API key, sent to api.enrichment.example and nowhere else',
    );
  });

  it('links support, privacy and terms (the offline placeholders here), and the policies exist to publish', () => {
    expect(listing.links).toMatchObject({
      support: 'support@enrich-for-sheets.example',
      supportUrl: 'mailto:support@enrich-for-sheets.example',
      privacy: 'https://enrich-for-sheets.example/privacy',
      terms: 'https://enrich-for-sheets.example/terms',
    });
    expect(readFileSync(join(ROOT, 'docs/privacy.md'), 'utf8')).toMatch(/^# Enrich for Sheets: privacy/);
    expect(readFileSync(join(ROOT, 'docs/terms.md'), 'utf8')).toMatch(/^# /);
    expect(readFileSync(join(kit, 'listing.md'), 'utf8')).toContain(
      '- Privacy policy: https://enrich-for-sheets.example/privacy',
    );
  });

  it('explains every scope of the built manifest, no more, and marks the sensitive ones', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/appsscript.json'), 'utf8')) as {
      oauthScopes: string[];
    };
    expect(listing.scopes.map((s) => s.scope).sort()).toEqual([...manifest.oauthScopes].sort());
    const sensitive = listing.scopes.filter((s) => s.sensitive).map((s) => s.scope.split('/auth/')[1]);
    expect(sensitive.sort()).toEqual(['script.external_request', 'script.scriptapp']);
    expect(listing.scopes.every((s) => s.feature.length > 20)).toBe(true);
  });
});
