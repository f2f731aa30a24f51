// Writes the kit a publisher hands to the Google Workspace Marketplace SDK, into marketplace/kit/
// (or `--out DIR`): the icons and the card banner rendered from their one SVG source each, the
// listing's screenshots (taken by the browser tests), the listing's text with the function list
// and prices from the operations table, the scope table checked against the built manifest, and
// the publisher's links (build settings, scripts/links.mjs). Run after `npm run build`.
//
// Sizes follow the SDK's Store Listing page ("Create a store listing"): application icons of 128
// and 32 pixels (48 and 96 besides, for the places that scale them), a 220 x 140 card banner,
// screenshots of 1280 x 800; a name of at most 50 characters, a short description of at most 200
// and a detailed one under 16,000.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { loadTable } from '../build.mjs';
import { linkSettings } from './links.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'marketplace/src');

export const ICON_SIZES = [32, 48, 96, 128];
export const BANNER = { width: 220, height: 140 };
export const SCREENSHOT = { width: 1280, height: 800 };
export const LIMITS = { name: 50, shortDescription: 200, detailedDescription: 16_000 };

/** Width and height from a PNG's header. */
export function pngSize(buffer) {
  if (buffer.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}

function render(svgFile, width) {
  const svg = readFileSync(join(source, svgFile), 'utf8');
  return new Resvg(svg, { fitTo: { mode: 'width', value: width } }).render().asPng();
}

function writePng(file, png, expected) {
  const size = pngSize(png);
  if (size.width !== expected.width || size.height !== expected.height)
    throw new Error(
      `${file} came out ${size.width} x ${size.height}, not ${expected.width} x ${expected.height}`,
    );
  writeFileSync(file, png);
}

function signature(op) {
  const params = [op.inputParam, ...op.extraParams.map((param) => `[${param}]`)];
  return `${op.functionName}(${params.join(', ')})`;
}

/** The function list of the listing: every row of the operations table, with its price. */
export function functionList(table) {
  return [
    ...table.OPERATIONS.map((op) => ({
      function: signature(op),
      what: table.OPERATION_DOCS[op.type].help,
      price: table.priceLabel(op),
    })),
    {
      function: `${table.GENERIC_FUNCTION.functionName}(${table.GENERIC_FUNCTION.params.join(', ')})`,
      what: 'Any lookup by its API type name, at that lookup\u2019s price.',
      price: 'as the lookup named',
    },
  ];
}

function detailedDescription(listing, functions, apiHost) {
  return [
    ...listing.intro,
    'Functions (each takes one cell or a whole range; credits per lookup):',
    ...functions.map((f) => `\u2022 ${f.function}: ${f.what} ${f.price}.`),
    `What leaves the spreadsheet: only the inputs you ask to enrich, with your API key, sent to ${apiHost} and nowhere else. Paid answers, your settings and the spend ledger stay in the spreadsheet. No analytics, no tracking.`,
  ].join('\n\n');
}

function scopeTable(manifest) {
  const justified = JSON.parse(readFileSync(join(source, 'scopes.json'), 'utf8'));
  const asked = [...manifest.oauthScopes].sort();
  const explained = Object.keys(justified).sort();
  if (JSON.stringify(asked) !== JSON.stringify(explained))
    throw new Error(
      `marketplace/src/scopes.json explains ${explained.join(', ')} but the manifest asks for ${asked.join(', ')}`,
    );
  return asked.map((scope) => ({ scope, ...justified[scope] }));
}

function scopesMarkdown(scopes) {
  return [
    '| Scope | Why the add-on needs it | Sensitive |',
    '|---|---|---|',
    ...scopes.map((s) => `| \`${s.scope}\` | ${s.feature} | ${s.sensitive ? 'yes' : 'no'} |`),
  ].join('\n');
}

export async function buildKit(out, env = process.env) {
  const manifestFile = join(root, 'dist/appsscript.json');
  if (!existsSync(manifestFile)) throw new Error('dist/ is missing: run `npm run build` first.');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const table = await loadTable();
  const listing = JSON.parse(readFileSync(join(source, 'listing.json'), 'utf8'));
  const links = linkSettings(env);
  const apiHost = new URL(manifest.urlFetchWhitelist[0]).host;

  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'icons'), { recursive: true });
  mkdirSync(join(out, 'screenshots'), { recursive: true });
  const files = [];
  for (const size of ICON_SIZES) {
    const file = join(out, 'icons', `icon-${size}.png`);
    writePng(file, render('icon.svg', size), { width: size, height: size });
    files.push(file);
  }
  const banner = join(out, `card-banner-${BANNER.width}x${BANNER.height}.png`);
  writePng(banner, render('banner.svg', BANNER.width), BANNER);
  files.push(banner);
  const shots = readdirSync(join(root, 'docs/screenshots')).filter((name) => name.startsWith('marketplace-'));
  if (shots.length < 3)
    throw new Error('The listing needs three screenshots: run `UPDATE_SCREENSHOTS=1 npm test`.');
  for (const name of shots.sort()) {
    const from = join(root, 'docs/screenshots', name);
    const size = pngSize(readFileSync(from));
    if (size.width !== SCREENSHOT.width || size.height !== SCREENSHOT.height)
      throw new Error(
        `${name} is ${size.width} x ${size.height}, not ${SCREENSHOT.width} x ${SCREENSHOT.height}`,
      );
    copyFileSync(from, join(out, 'screenshots', name));
    files.push(join(out, 'screenshots', name));
  }

  const functions = functionList(table);
  const text = {
    name: listing.name,
    shortDescription: listing.shortDescription,
    detailedDescription: detailedDescription(listing, functions, apiHost),
    category: listing.category,
    pricing: listing.pricing,
    functions,
    links: { ...links, supportUrl: `mailto:${links.support}` },
    scopes: scopeTable(manifest),
  };
  for (const [field, limit] of Object.entries(LIMITS)) {
    if (text[field].length > limit)
      throw new Error(`The listing's ${field} is ${text[field].length} characters, over ${limit}.`);
  }
  writeFileSync(join(out, 'listing.json'), `${JSON.stringify(text, null, 2)}\n`);
  writeFileSync(
    join(out, 'listing.md'),
    [
      `# ${text.name}`,
      `**Short description** (${text.shortDescription.length}/200): ${text.shortDescription}`,
      `**Category**: ${text.category} · **Pricing**: ${text.pricing}`,
      '## Detailed description',
      text.detailedDescription,
      '## Links',
      `- Support: ${links.support}\n- Privacy policy: ${links.privacy}\n- Terms of service: ${links.terms}${links.help ? `\n- Help: ${links.help}` : ''}`,
      '## OAuth scopes',
      scopesMarkdown(text.scopes),
      '',
    ].join('\n\n'),
  );
  files.push(join(out, 'listing.json'), join(out, 'listing.md'));
  return { out, files, links };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const outFlag = process.argv.indexOf('--out');
  const out = outFlag > 0 ? process.argv[outFlag + 1] : join(root, 'marketplace/kit');
  const { files } = await buildKit(out);
  console.log(`Marketplace kit written to ${out}: ${files.length} files.`);
}
