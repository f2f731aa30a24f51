// SpreadsheetApp: the way in to the emulator's documents.
//
// Verified: a custom function reads the open spreadsheet but may not open another (runtime.ts
// throws the message).
// From DESIGN (unverified, X7 of docs/platform-assumptions.md): an add-on's time-driven trigger has
// no active spreadsheet.
// Assumed: S7 the message for openById with an unknown id.

import { gasError } from './errors';
import type { Runtime } from './runtime';
import type { SpreadsheetModel } from './sheet-model';
import { type FakeRange, type FakeSheet, FakeSpreadsheet } from './spreadsheet';
import type { FakeUi } from './ui';

/** The emulator's documents; the runtime's identity says which one is open. */
export interface SpreadsheetWorld {
  readonly runtime: Runtime;
  readonly documents: ReadonlyMap<string, SpreadsheetModel>;
  readonly ui: () => FakeUi;
}

export class FakeSpreadsheetApp {
  readonly #world: SpreadsheetWorld;

  constructor(world: SpreadsheetWorld) {
    this.#world = world;
  }

  /**
   * The open document, or null where there is none (an add-on's time-driven trigger); the typings
   * say it is never null.
   */
  getActiveSpreadsheet(): FakeSpreadsheet | null {
    this.#world.runtime.enter('sheet-read', 'SpreadsheetApp.getActiveSpreadsheet');
    const model = this.#activeModel();
    return model ? new FakeSpreadsheet(this.#world.runtime, model) : null;
  }

  getActive(): FakeSpreadsheet | null {
    return this.getActiveSpreadsheet();
  }

  // One call each, as in Apps Script: the open document is found without a call of its own.
  getActiveSheet(): FakeSheet | null {
    const model = this.#activeModel();
    return model ? new FakeSpreadsheet(this.#world.runtime, model).getActiveSheet() : null;
  }

  getActiveRange(): FakeRange | null {
    const model = this.#activeModel();
    return model ? new FakeSpreadsheet(this.#world.runtime, model).getActiveRange() : null;
  }

  openById(id: string): FakeSpreadsheet {
    this.#world.runtime.enter('sheet-open', 'SpreadsheetApp.openById');
    const model = this.#world.documents.get(String(id));
    if (!model)
      throw gasError(
        'Unexpected error while getting the method or property openById on object SpreadsheetApp.',
      );
    return new FakeSpreadsheet(this.#world.runtime, model);
  }

  openByUrl(url: string): FakeSpreadsheet {
    this.#world.runtime.enter('sheet-open', 'SpreadsheetApp.openByUrl');
    const id = /\/d\/([^/]+)/.exec(String(url))?.[1];
    const model = id === undefined ? undefined : this.#world.documents.get(id);
    if (!model)
      throw gasError(
        'Unexpected error while getting the method or property openByUrl on object SpreadsheetApp.',
      );
    return new FakeSpreadsheet(this.#world.runtime, model);
  }

  getUi(): FakeUi {
    this.#world.runtime.enter('ui', 'SpreadsheetApp.getUi');
    return this.#world.ui();
  }

  flush(): void {
    this.#world.runtime.enter('sheet-write', 'SpreadsheetApp.flush');
    for (const model of this.#world.documents.values()) model.flushed();
  }

  #activeModel(): SpreadsheetModel | null {
    if (this.#world.runtime.current?.hasActiveSpreadsheet === false) return null;
    const { documentId } = this.#world.runtime.identity();
    return documentId === null ? null : (this.#world.documents.get(documentId) ?? null);
  }
}
