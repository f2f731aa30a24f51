// The sidebar's own words ship in Sidebar.html only (issue 38): Code.js, which every execution
// loads, holds what the server says (src/core/text/catalogue/sidebar/*-answers.ts) and not the
// labels, hints and progress lines only the panels show, nor the refusals the server throws as
// codes for the sidebar to word (refusals.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BULK_TEXTS } from '../../src/core/text/catalogue/sidebar/bulk';
import { CACHE_TEXTS } from '../../src/core/text/catalogue/sidebar/cache';
import { JOBS_TEXTS } from '../../src/core/text/catalogue/sidebar/jobs';
import { KEY_TEXTS } from '../../src/core/text/catalogue/sidebar/key';
import { RECEIPT_TEXTS } from '../../src/core/text/catalogue/sidebar/receipt';
import {
  BULK_REFUSALS,
  CALL_REFUSALS,
  RECEIPT_REFUSALS,
  SPENDING_REFUSALS,
  WATCHES_REFUSALS,
} from '../../src/core/text/catalogue/sidebar/refusals';
import { SETTINGS_TEXTS } from '../../src/core/text/catalogue/sidebar/settings';
import { SPENDING_TEXTS } from '../../src/core/text/catalogue/sidebar/spending';
import { WATCHES_TEXTS } from '../../src/core/text/catalogue/sidebar/watches';
import { assertDistIsFresh } from '../dist-freshness';

const DIST = join(__dirname, '../../dist');
const PANELS = [
  BULK_TEXTS,
  CACHE_TEXTS,
  JOBS_TEXTS,
  KEY_TEXTS,
  RECEIPT_TEXTS,
  SETTINGS_TEXTS,
  SPENDING_TEXTS,
  WATCHES_TEXTS,
  BULK_REFUSALS,
  CALL_REFUSALS,
  RECEIPT_REFUSALS,
  SPENDING_REFUSALS,
  WATCHES_REFUSALS,
];

/** The panels' fixed sentences, long enough to be nothing else's. */
const sentences = PANELS.flatMap((panel) => Object.values(panel))
  .map((entry) => ('text' in entry ? entry.text : ''))
  .filter((text) => text.length >= 20);

describe("the sidebar's own words", () => {
  beforeAll(() => assertDistIsFresh(DIST));

  it('ship in Sidebar.html, not in Code.js', () => {
    const code = readFileSync(join(DIST, 'Code.js'), 'utf8');
    const sidebar = readFileSync(join(DIST, 'Sidebar.html'), 'utf8');
    expect(sentences.length).toBeGreaterThan(40);
    // A whole string of the bundle, not a part of a longer one ("Possibly charged twice: none").
    const quoted = (text: string) =>
      ['"', "'", '`'].some((quote) => code.includes(`${quote}${text}${quote}`));
    expect(sentences.filter(quoted)).toEqual([]);
    const escaped = (text: string) => text.replace(/…/g, '\\u2026');
    expect(sentences.filter((text) => !sidebar.includes(text) && !sidebar.includes(escaped(text)))).toEqual(
      [],
    );
  });
});
