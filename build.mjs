// Builds the add-on into dist/: one script (an IIFE bundle followed by top-level wrappers), the
// sidebar as one self-contained HTML file, the help page, and the manifest. Everything the wrappers
// and the help page say comes from the operations table and its docs (src/core/operations/docs.ts).
//
//   node build.mjs            development build against the offline default API base URL
//   ENRICH_API_BASE_URL=https://api.vendor.test/ node build.mjs --release
//                             a build to push: refuses the offline default
//   ENRICH_DASHBOARD_URL=https://vendor.test/settings
//                             optional: the account dashboard the key panel links to
//   ENRICH_SUPPORT_EMAIL, ENRICH_PRIVACY_URL, ENRICH_TERMS_URL, ENRICH_HELP_URL
//                             the publisher's addresses, in the menu and the Marketplace listing
//                             (scripts/links.mjs; `npm run release` refuses the offline defaults)
//   node build.mjs --out DIR  build into DIR instead of dist/
//   node build.mjs --out DIR --map
//                             also writes Code.js.map, mapping Code.js back to src/ (for
//                             `npm run count-modules`; never pushed)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import * as esbuild from 'esbuild';
import { linkSettings } from './scripts/links.mjs';

const root = dirname(fileURLToPath(import.meta.url));
const outFlag = process.argv.indexOf('--out');
/** `--out DIR` builds elsewhere (tests build release variants without touching dist/). */
const dist = outFlag > 0 ? process.argv[outFlag + 1] : join(root, 'dist');
const cache = join(root, '.build');

/** Where the offline builds point. `.example` is reserved: it can never reach a real host. */
export const OFFLINE_API_BASE_URL = 'https://api.enrichment.example/';
export const GLOBAL_NAME = 'EnrichForSheets';

const release = process.argv.includes('--release');
const sourceMap = process.argv.includes('--map');
const baseUrl = apiBaseUrl(process.env.ENRICH_API_BASE_URL, release);
const dashboardUrl = dashboardLink(process.env.ENRICH_DASHBOARD_URL);
const links = linkSettings();

function apiBaseUrl(configured, isRelease) {
  const value = (configured || OFFLINE_API_BASE_URL).trim();
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new Error(`ENRICH_API_BASE_URL must use https:// (got ${value})`);
  if (isRelease && value === OFFLINE_API_BASE_URL) {
    throw new Error('A release build needs ENRICH_API_BASE_URL: the API base URL your account uses.');
  }
  // Apps Script allowlist prefixes need a non-empty path; the client joins paths onto it.
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/** The spec names the dashboard (Settings > API Key) but not its address: linked only when given. */
function dashboardLink(configured) {
  const value = (configured || '').trim();
  if (value === '') return null;
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new Error(`ENRICH_DASHBOARD_URL must use https:// (got ${value})`);
  return url.href;
}

/**
 * Loads the operations table, their docs and the help page from TypeScript, so the build and the
 * add-on read the same rows. What only this build needs (docs, help) stays out of Code.js.
 */
export async function loadTable() {
  const out = join(cache, 'operations.mjs');
  await esbuild.build({
    stdin: {
      contents: [
        "export * from './table';",
        "export * from './pricing';",
        "export * from './docs';",
        "export * from './help';",
      ].join('\n'),
      resolveDir: join(root, 'src/core/operations'),
      loader: 'ts',
    },
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    logLevel: 'error',
  });
  return import(`${out}?t=${Date.now()}`);
}

/** The server's bundle, and with `--map` its source map (an external one needs an output path). */
async function bundleServer() {
  const result = await esbuild.build({
    entryPoints: [join(root, 'src/server/index.ts')],
    bundle: true,
    write: false,
    ...(sourceMap ? { sourcemap: 'external', sourcesContent: false, outfile: join(dist, 'Code.js') } : {}),
    format: 'iife',
    globalName: GLOBAL_NAME,
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // "…" need not cost six bytes as "\u2026". Assumed, not verified: Apps Script keeps script
    // files as UTF-8 (clasp pushes them so).
    charset: 'utf8',
    define: {
      __API_BASE_URL__: JSON.stringify(baseUrl),
      __DASHBOARD_URL__: JSON.stringify(dashboardUrl),
      __LINKS__: JSON.stringify(links),
    },
    logLevel: 'error',
  });
  if (!sourceMap) return { bundle: result.outputFiles[0].text, map: null };
  const text = (ending) => result.outputFiles.find((file) => file.path.endsWith(ending)).text;
  return { bundle: text('Code.js'), map: text('Code.js.map') };
}

/** The map of the bundle, moved one line down: Code.js begins with a line of its own before it. */
function mapBelowHeader(map) {
  const parsed = JSON.parse(map);
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}

/** The sidebar's style sheets, inlined in this order: a later one may override an earlier one. */
const SIDEBAR_CSS = ['base.css', 'panels.css', 'bulk.css'];

async function bundleSidebar() {
  const result = await esbuild.build({
    entryPoints: [join(root, 'src/client/sidebar.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'error',
  });
  const script = result.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
  const sheets = SIDEBAR_CSS.map((name) => readFileSync(join(root, 'src/client/styles', name), 'utf8'));
  const css = sheets.join('\n');
  const html = readFileSync(join(root, 'src/client/sidebar.html'), 'utf8');
  return html.replace('/*INLINE_CSS*/', () => css).replace('/*INLINE_JS*/', () => script);
}

/**
 * Names the bundle exports, found by running it in an empty context. This also proves the
 * bundle's top level touches no Apps Script service: there are none in this context, so any
 * call would throw here, at build time, instead of in a user's AuthMode.NONE onOpen.
 */
function exportedNames(bundle) {
  const context = vm.createContext({});
  vm.runInContext(`${bundle}\nthis.__exports = Object.keys(${GLOBAL_NAME});`, context);
  return context.__exports;
}

const PARAM_DOCS = {
  company: ['string', "The person's company (optional when the name cell already holds it)."],
  field: ['string', 'Optional: one field to return, e.g. "{example}". {row}'],
  department: ['string', 'Optional: only employees of this department, e.g. "Sales".'],
  seniority: ['string', 'Optional: only employees of this seniority, e.g. "Senior".'],
  max: ['number', 'Optional: at most this many employees (each costs 0.5 credit).'],
};

// No @return: the input's own line already says a range gives one result per row, and Sheets'
// formula help shows the description and the parameters (unverified: whether it shows @return).
// No blank line: the first tag ends the description anyway.
function jsdoc(lines) {
  return ['/**', ...lines.map((line) => ` * ${line}`), ' */'].join('\n');
}

function customFunctionWrapper(op, { OPERATION_DOCS, priceLabel, rowOfFieldsDoc }) {
  const params = [op.inputParam, ...op.extraParams];
  const doc = [
    `${OPERATION_DOCS[op.type].help} Costs ${priceLabel(op)} per lookup; cached results are free.`,
    `@param {string|string[][]} ${op.inputParam} ${inputDoc(op)} A cell or a range: one result per row.`,
    ...op.extraParams.map(
      (p) =>
        `@param {${PARAM_DOCS[p][0]}} ${p} ${PARAM_DOCS[p][1].replace('{example}', fieldExample(op)).replace('{row}', rowOfFieldsDoc(op))}`,
    ),
    '@customfunction',
  ];
  return `${jsdoc(doc)}\nfunction ${op.functionName}(${params.join(', ')}) {\n  return ${GLOBAL_NAME}.customFunction('${op.functionName}', [${params.join(', ')}]);\n}\n`;
}

/** A field this operation really returns, other than the name everyone has. */
function fieldExample(op) {
  return (
    op.fields.find((field) => !['name', 'full_name', 'username'].includes(field)) ?? op.fields[0] ?? 'name'
  );
}

function inputDoc(op) {
  const byKind = {
    person_name: 'The person\'s full name ("Last, First" works too).',
    email: 'A professional email address.',
    person_url: 'A pronet person profile URL (pronet.com/in/...).',
    company_name: 'A company name.',
    company_domain: 'A company domain such as acme.com (a URL is reduced to its domain).',
    company_url: 'A pronet company page URL (pronet.com/company/...).',
    post_url: 'A pronet post URL.',
    any_identifier: 'Any company or person identifier: a name, domain, email or URL.',
    photonet_handle: 'A photonet handle or profile URL.',
  };
  return byKind[op.input];
}

function genericWrapper(generic, help) {
  const doc = [
    help,
    '@param {string} type The operation, e.g. "company_name_to_website" (see the Help page for all 19).',
    '@param {string|string[][]} input A cell or a range: one result per row.',
    '@param {string} field Optional: one field to return.',
    '@customfunction',
  ];
  const params = generic.params.join(', ');
  return `${jsdoc(doc)}\nfunction ${generic.functionName}(${params}) {\n  return ${GLOBAL_NAME}.customFunction('${generic.functionName}', [${params}]);\n}\n`;
}

/** Menu items, triggers and sidebar RPC need plain top-level functions: Apps Script calls only those. */
function entryPointWrapper(name) {
  return `function ${name}(...args) {\n  return ${GLOBAL_NAME}.${name}(...args);\n}\n`;
}

function manifest() {
  const source = JSON.parse(readFileSync(join(root, 'appsscript.json'), 'utf8'));
  return { ...source, urlFetchWhitelist: [baseUrl] };
}

export async function build() {
  mkdirSync(cache, { recursive: true });
  const table = await loadTable();
  const { OPERATIONS, GENERIC_FUNCTION } = table;
  const { bundle, map } = await bundleServer();
  const names = exportedNames(bundle);
  const customNames = new Set(table.FUNCTION_NAMES);
  if (!names.includes('customFunction')) throw new Error('src/server/index.ts must export customFunction');
  const entryPoints = names.filter((n) => n !== 'customFunction' && !customNames.has(n));
  const privateNames = entryPoints.filter((n) => n.endsWith('_'));
  if (privateNames.length) throw new Error(`Entry points may not end in "_": ${privateNames.join(', ')}`);

  const code = [
    `// Enrich for Sheets: generated by build.mjs. Do not edit: change src/ and rebuild.\n${bundle}`,
    '// Custom functions: top-level so Sheets finds them, with JSDoc so it shows their help.',
    ...OPERATIONS.map((op) => customFunctionWrapper(op, table)),
    genericWrapper(GENERIC_FUNCTION, table.GENERIC_HELP),
    '// Entry points for the menu, triggers and the sidebar.',
    ...entryPoints.map(entryPointWrapper),
  ].join('\n');

  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'Code.js'), code);
  if (map) writeFileSync(join(dist, 'Code.js.map'), mapBelowHeader(map));
  writeFileSync(join(dist, 'Sidebar.html'), await bundleSidebar());
  writeFileSync(join(dist, 'Help.html'), table.helpHtml());
  writeFileSync(join(dist, 'appsscript.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
  return { baseUrl, codeBytes: Buffer.byteLength(code), entryPoints };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { baseUrl: url, codeBytes, entryPoints } = await build();
  const offline = url === OFFLINE_API_BASE_URL ? ' (offline default: set ENRICH_API_BASE_URL to deploy)' : '';
  console.log(`dist/ built: Code.js ${(codeBytes / 1024).toFixed(1)} KB, API ${url}${offline}`);
  console.log(`entry points: ${entryPoints.join(', ')}`);
}
