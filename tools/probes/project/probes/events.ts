// Triggers and executions (RT1, RT5, T3, T6, T8, T9, X5, X6, X9 of docs/platform-assumptions.md). The
// trigger handlers (handlers.ts) and PROBE_TYPED record what they saw; these probes read the
// records in the report. T1, T2 and T7 are rules for add-ons, which the probe project is not.

import { isJsonObject, type Json } from '../../json';
import { type Probe, seen } from '../../probe';
import { RECORDS } from '../records';
import { INSERTED, SHEETS, TYPED } from '../sheets';
import { attempt, counted, orderOf, recall, remember, required, type Span } from '../store';

type Row = { readonly [key: string]: Json };

const asRow = (value: Json): Row => (isJsonObject(value) ? value : {});
const span = (row: Row): Span => ({ start: Number(row.start), end: Number(row.end) });

const TYPED_HINT = `was ${TYPED.formula} typed into ${SHEETS.typed}!${TYPED.cell} after step 2?`;
const OPEN_HINT = 'was the spreadsheet reloaded after step 1?';

/** X9: a trigger that read the cell before the formula ended must have seen "Loading...". */
function valueAsExpected(trigger: Row): boolean {
  if (trigger.doneBefore === true) return trigger.value === 'typed';
  if (trigger.doneAfter === false) return trigger.value === 'Loading...';
  return trigger.value === 'typed' || trigger.value === 'Loading...';
}

export const EVENT_PROBES: readonly Probe[] = [
  {
    name: 'rt1-what-limited-mode-allows',
    id: 'RT1',
    asks: 'In the simple onOpen (AuthMode.LIMITED): storage, reading and writing the document, UrlFetch, triggers, the user.',
    expected: {
      authMode: 'LIMITED',
      storage: 'allowed',
      readDocument: 'allowed',
      writeDocument: 'allowed',
      urlFetch: 'refused',
      triggers: 'refused',
      identity: 'refused',
    },
    finish: () => {
      const open = asRow(required(RECORDS.simpleOpen, OPEN_HINT));
      return seen({ authMode: open.authMode ?? null, ...asRow(open.allows ?? null) });
    },
  },
  {
    name: 't8-simple-then-installable-open',
    id: 'T8',
    asks: 'On opening: does the simple onOpen (LIMITED) end before the installable Open trigger (FULL) starts?',
    expected: {
      order: 'simple onOpen, then the Open trigger',
      simpleAuthMode: 'LIMITED',
      installableAuthMode: 'FULL',
    },
    finish: () => {
      const simple = asRow(required(RECORDS.simpleOpen, OPEN_HINT));
      const installable = asRow(required(RECORDS.installableOpen, OPEN_HINT));
      return seen({
        order: orderOf(span(simple), span(installable), ['simple onOpen', 'the Open trigger']),
        simpleAuthMode: simple.authMode ?? null,
        installableAuthMode: installable.authMode ?? null,
      });
    },
  },
  {
    name: 't6-formula-then-edit-trigger',
    id: 'T6',
    asks: 'A typed formula and its Edit trigger: which runs first? Does the event carry a value? Do script writes fire the trigger?',
    expected: {
      order: 'formula, then trigger',
      eventHasValue: false,
      editsSeen: [`${SHEETS.typed}!${TYPED.cell}`],
    },
    finish: () => {
      const formula = asRow(required(RECORDS.typedFormula, TYPED_HINT));
      const trigger = asRow(required(RECORDS.typedTrigger, TYPED_HINT));
      return seen(
        {
          order: orderOf(span(formula), span(trigger), ['formula', 'trigger']),
          eventHasValue: trigger.eventHasValue ?? null,
          editsSeen: recall(RECORDS.edits) ?? [],
        },
        { formula, trigger },
      );
    },
  },
  {
    name: 't9-change-trigger-events',
    id: 'T9',
    asks: 'A typed formula, a row inserted by hand, script writes: what do the Change and Edit triggers see?',
    expected: { changeTypes: ['EDIT', 'INSERT_ROW'], editsOnTheInsertedSheet: 0 },
    finish: () => {
      const edits = recall(RECORDS.edits);
      const onInserted = (Array.isArray(edits) ? edits : []).filter((where) =>
        String(where).startsWith(`${INSERTED.sheet}!`),
      );
      return seen({ changeTypes: recall(RECORDS.changes) ?? [], editsOnTheInsertedSheet: onInserted.length });
    },
  },
  {
    name: 'x9-edit-trigger-sees-the-typed-formula',
    id: 'X9',
    asks: 'The Edit trigger of a typed formula: does it see the formula text, and "Loading..." while the formula runs?',
    expected: { formulaTextSeen: true, valueAsExpected: true },
    finish: () => {
      const trigger = asRow(required(RECORDS.typedTrigger, TYPED_HINT));
      return seen(
        {
          formulaTextSeen: String(trigger.formula).toUpperCase() === TYPED.formula,
          valueAsExpected: valueAsExpected(trigger),
        },
        {
          value: trigger.value ?? null,
          doneBefore: trigger.doneBefore ?? null,
          doneAfter: trigger.doneAfter ?? null,
        },
      );
    },
  },
  {
    name: 'x5-failed-clock-run-does-not-stop-the-next',
    id: 'X5',
    asks: 'A time-driven trigger whose first run throws: does it run again?',
    expected: { ranAgainAfterFailure: true },
    finish: () =>
      seen({ ranAgainAfterFailure: counted(RECORDS.ticks) >= 2 }, { runs: counted(RECORDS.ticks) }),
  },
  {
    name: 'x6-clock-event-fields',
    id: 'X6',
    asks: 'The event object of a time-driven trigger: authMode FULL and a triggerUid?',
    expected: { authMode: 'FULL', hasTriggerUid: true },
    finish: () => {
      const event = asRow(
        required(RECORDS.tickEvent, 'wait 3 minutes after step 1 for the time-driven trigger'),
      );
      return seen(
        { authMode: event.authMode ?? null, hasTriggerUid: event.hasTriggerUid ?? null },
        { keys: event.keys ?? [] },
      );
    },
  },
  {
    name: 'rt5-fresh-globals-each-execution',
    id: 'RT5',
    asks: 'A global variable set in one execution (step 1): still set in the next (step 2)?',
    expected: { carriedToTheNextExecution: false },
    run: ({ stamp }) => {
      (globalThis as { probeCarry?: string }).probeCarry = stamp;
      return undefined;
    },
    setup: () => {
      remember('rt5.carried', (globalThis as { probeCarry?: string }).probeCarry !== undefined);
    },
    finish: () => seen({ carriedToTheNextExecution: recall('rt5.carried') ?? null }),
  },
  {
    name: 't3-every-minutes-values',
    id: 'T3',
    asks: 'A time-driven trigger every 2 minutes: refused, with what message?',
    expected: {
      refused: true,
      message: 'The value passed to everyMinutes must be one of 1, 5, 10, 15 or 30.',
    },
    run: () => {
      const made = attempt(() => ScriptApp.newTrigger('probeNothing').timeBased().everyMinutes(2).create());
      if (made.ok) ScriptApp.deleteTrigger(made.value);
      return seen({ refused: !made.ok, message: made.ok ? null : made.message });
    },
  },
];
