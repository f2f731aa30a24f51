// HtmlService: HTML outputs and minimal templates, reading files from the loaded bundle's folder.
//
// Verified: createHtmlOutputFromFile('Sidebar') reads Sidebar.html from the project; a custom
// function may build HTML but cannot show it (showing needs getUi, refused there).
// Assumed (ids of docs/platform-assumptions.md): H1 files are UTF-8; H2 the message for a missing
// file. Templates: only printing scriptlets (<?= ?> escaped, <?!= ?> raw) over the template's own
// properties are emulated; code scriptlets (<? ?>) throw.

import { enumOf } from './enums';
import { gasError } from './errors';
import type { Runtime } from './runtime';

/** Reads "<name>.html" from the bundle's folder; null when there is no such file. */
export type HtmlFileReader = (name: string) => string | null;

/** The HtmlOutput methods this fake mirrors: mirror.ts checks their signatures. */
export type OutputMethods =
  | 'addMetaTag'
  | 'append'
  | 'clear'
  | 'getContent'
  | 'getHeight'
  | 'getTitle'
  | 'getWidth'
  | 'setContent'
  | 'setHeight'
  | 'setTitle'
  | 'setWidth';

export class FakeHtmlOutput {
  #content: string;
  #title = '';
  #width = 0;
  #height = 0;
  readonly #metaTags: { name: string; content: string }[] = [];

  constructor(content: string) {
    this.#content = content;
  }

  getContent(): string {
    return this.#content;
  }

  setContent(content: string): FakeHtmlOutput {
    this.#content = String(content);
    return this;
  }

  append(addedContent: string): FakeHtmlOutput {
    this.#content += String(addedContent);
    return this;
  }

  clear(): FakeHtmlOutput {
    this.#content = '';
    return this;
  }

  getTitle(): string {
    return this.#title;
  }

  setTitle(title: string): FakeHtmlOutput {
    this.#title = String(title);
    return this;
  }

  getWidth(): number {
    return this.#width;
  }

  setWidth(width: number): FakeHtmlOutput {
    this.#width = width;
    return this;
  }

  getHeight(): number {
    return this.#height;
  }

  setHeight(height: number): FakeHtmlOutput {
    this.#height = height;
    return this;
  }

  addMetaTag(name: string, content: string): FakeHtmlOutput {
    this.#metaTags.push({ name, content });
    return this;
  }

  /** Enum-typed in Apps Script; the mode does not change what the emulator shows. */
  setSandboxMode(_mode: unknown): FakeHtmlOutput {
    return this;
  }

  setXFrameOptionsMode(_mode: unknown): FakeHtmlOutput {
    return this;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export class FakeHtmlTemplate {
  readonly #raw: string;

  constructor(raw: string) {
    this.#raw = raw;
  }

  getRawContent(): string {
    return this.#raw;
  }

  evaluate(): FakeHtmlOutput {
    // The script assigns template variables as own properties: `t.apiUrl = '...'`.
    const names = Object.keys(this);
    const values = names.map((name) => (this as unknown as Record<string, unknown>)[name]);
    const html = this.#raw.replace(
      /<\?(!?=)?([\s\S]*?)\?>/g,
      (_all, mode: string | undefined, code: string) => {
        if (!mode) throw new Error('Emulator: template code scriptlets (<? ... ?>) are not emulated');
        const value = String(new Function(...names, `return (${code});`)(...values));
        return mode === '!=' ? value : value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
      },
    );
    return new FakeHtmlOutput(html);
  }
}

export class FakeHtmlService {
  readonly SandboxMode = enumOf(['EMULATED', 'IFRAME', 'NATIVE'] as const);
  readonly XFrameOptionsMode = enumOf(['ALLOWALL', 'DEFAULT'] as const);
  readonly #runtime: Runtime;
  readonly #readFile: HtmlFileReader;

  constructor(runtime: Runtime, readFile: HtmlFileReader) {
    this.#runtime = runtime;
    this.#readFile = readFile;
  }

  createHtmlOutput(html?: string | { getBlob(): { getDataAsString(): string } }): FakeHtmlOutput {
    this.#runtime.enter('free', 'HtmlService.createHtmlOutput');
    if (html === undefined) return new FakeHtmlOutput('');
    return new FakeHtmlOutput(typeof html === 'string' ? html : html.getBlob().getDataAsString());
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    this.#runtime.enter('free', 'HtmlService.createHtmlOutputFromFile');
    return new FakeHtmlOutput(this.#file(filename));
  }

  createTemplate(html: string | { getBlob(): { getDataAsString(): string } }): FakeHtmlTemplate {
    this.#runtime.enter('free', 'HtmlService.createTemplate');
    return new FakeHtmlTemplate(typeof html === 'string' ? html : html.getBlob().getDataAsString());
  }

  createTemplateFromFile(filename: string): FakeHtmlTemplate {
    this.#runtime.enter('free', 'HtmlService.createTemplateFromFile');
    return new FakeHtmlTemplate(this.#file(filename));
  }

  #file(filename: string): string {
    const name = String(filename).replace(/\.html$/, '');
    const content = this.#readFile(name);
    if (content === null) throw gasError(`No HTML file named ${name} was found.`);
    return content;
  }
}
