// Utilities and HtmlService (UT1, UT2, H1, H2 of docs/platform-assumptions.md).

import { type Probe, seen } from '../../probe';
import { outcome, recall, remember } from '../store';

/** Three characters that read differently in any encoding but UTF-8. */
const NOT_ASCII = 'é…€';
const FIVE_MINUTES_AND_A_MILLISECOND = 300_001;

/** The emulator adds a note of its own in parentheses to some messages; the page's wording is before it. */
const withoutEmulatorNote = (message: string) => message.replace(/ \(.*\)$/, '');

function codePoints(text: string): number[] {
  return [...text].map((character) => character.codePointAt(0)!);
}

export const UTILITIES_PROBES: readonly Probe[] = [
  {
    name: 'ut1-messages',
    id: 'UT1',
    asks: 'The messages for a digest algorithm that does not exist and for ungzip of data that is not gzip.',
    expected: { digest: 'Invalid argument: algorithm', ungzip: 'Could not decompress gzip.' },
    run: () => {
      const bogus = 'NOT_AN_ALGORITHM' as unknown as GoogleAppsScript.Utilities.DigestAlgorithm;
      return seen({
        digest: withoutEmulatorNote(outcome(() => Utilities.computeDigest(bogus, 'x'))),
        ungzip: outcome(() => Utilities.ungzip(Utilities.newBlob('not gzip'))),
      });
    },
  },
  {
    name: 'ut1-sleep-over-five-minutes',
    id: 'UT1',
    asks: 'Utilities.sleep(300001): refused with "Invalid argument: milliseconds", or slept?',
    expected: { sleep: 'Invalid argument: milliseconds' },
    // In step 3, which does little else: if Google sleeps the 5 minutes, the step still ends in time.
    poke: () => {
      remember('ut1.sleep', 'slept, or the execution was stopped while sleeping');
      remember(
        'ut1.sleep',
        outcome(() => Utilities.sleep(FIVE_MINUTES_AND_A_MILLISECOND)),
      );
    },
    finish: () => seen({ sleep: recall('ut1.sleep') ?? null }),
  },
  {
    name: 'ut2-strings-are-utf8',
    id: 'UT2',
    asks: 'base64Encode, newBlob and computeDigest of "é" without a charset: UTF-8?',
    expected: { base64: 'w6k=', blobBytes: [-61, -87], digestAsUtf8: true },
    run: () => {
      const md5 = Utilities.DigestAlgorithm.MD5;
      const plain = Utilities.computeDigest(md5, 'é');
      const utf8 = Utilities.computeDigest(md5, 'é', Utilities.Charset.UTF_8);
      return seen({
        base64: Utilities.base64Encode('é'),
        blobBytes: Utilities.newBlob('é').getBytes(),
        digestAsUtf8: plain.join() === utf8.join(),
      });
    },
  },
  {
    name: 'h1-files-are-utf8',
    id: 'H1',
    asks: 'Are Code.js and an HTML file of the project read as UTF-8 ("é…€" in both)?',
    expected: { script: [233, 8230, 8364], html: [233, 8230, 8364] },
    run: () => {
      const html = HtmlService.createHtmlOutputFromFile('Probe').getContent();
      const marker = /<p id="utf8">([^<]*)<\/p>/.exec(html)?.[1] ?? '';
      return seen({ script: codePoints(NOT_ASCII), html: codePoints(marker) });
    },
  },
  {
    name: 'h2-missing-html-file',
    id: 'H2',
    asks: 'The message for createHtmlOutputFromFile of a file the project does not have.',
    expected: { message: 'No HTML file named NoSuchProbeFile was found.' },
    run: () => seen({ message: outcome(() => HtmlService.createHtmlOutputFromFile('NoSuchProbeFile')) }),
  },
];
