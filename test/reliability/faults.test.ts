// The real world, attacked: in every case nothing paid for is lost, nothing is charged twice, and
// the user sees one clear message.
import {
  createWorld,
  enterFormula,
  postsSent,
  rerunUnasked,
  saveSettings,
  spent,
  typeValues,
} from '../bundle/harness';

const companies = (n: number) => Array.from({ length: n }, (_, i) => [`Fault Company ${i + 1}`]);

describe('formulas under faults', () => {
  it('rides out a 429 storm: slows down, buys each input once, and says which rows must wait', () => {
    const world = createWorld({ api: { rateLimitPerSecond: 2 } });
    typeValues(world, 'A1:A60', companies(60));
    const first = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A60)');
    const texts = first.values.map((row) => String(row[0]));
    const answered = texts.filter((t) => !t.startsWith('Error:')).length;
    expect(answered).toBeGreaterThan(20);
    for (const text of texts.filter((t) => t.startsWith('Error:') || t.startsWith('Queued:')))
      expect(text).toMatch(/429|Queued: \d+ lookups? will fill in/i);
    // The edit's own trigger finishes the rest without paying twice for the first ones.
    const after = world.emu.values('Sheet1', 'B1:B60').map((row) => String(row[0]));
    expect(after.filter((text) => !text.endsWith('.com'))).toEqual([]);
    expect(spent(world)).toBe(60);
  });

  it('shows a 5xx burst as an error, charges nothing, and the formula typed again succeeds', () => {
    const world = createWorld();
    typeValues(world, 'A1', [['Acme Corporation']]);
    world.api.failNext(3, 502, '<html><body>Bad gateway</body></html>');
    const failed = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(failed.error?.message).toMatch(/HTTP 502/);
    expect(failed.error?.message).not.toMatch(/<html>/);
    expect(spent(world)).toBe(0);
    // Typed again (Sheets runs a formula only when it is entered or its input changes).
    enterFormula(world, 'C1', '=COMPANY_WEBSITE(A1)');
    enterFormula(world, 'D1', '=COMPANY_WEBSITE(A1)');
    expect(enterFormula(world, 'E1', '=COMPANY_WEBSITE(A1)').error).toBeNull();
    expect(spent(world)).toBe(1);
  });

  // assumptions: U2, U3 (how UrlFetch reports a network failure)
  it('reports a network failure clearly and retries when the formula is typed again', () => {
    let down = true;
    const world = createWorld({
      intercept: (_request, next) => {
        if (down) throw new Error('connection reset');
        return next();
      },
    });
    typeValues(world, 'A1', [['Acme Corporation']]);
    expect(enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)').error?.message).toMatch(/network error/);
    down = false;
    expect(enterFormula(world, 'C1', '=COMPANY_WEBSITE(A1)').error).toBeNull();
    expect(spent(world)).toBe(1);
  });

  it('treats a 200 whose body is not JSON as an error, never as a result', () => {
    let broken = true;
    const world = createWorld({
      intercept: (_request, next) => {
        const answer = next();
        return broken ? { status: 200, headers: {}, body: '<!doctype html><p>maintenance</p>' } : answer;
      },
    });
    typeValues(world, 'A1', [['Acme Corporation']]);
    const shown = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(shown.error?.message).toMatch(/Unexpected answer from the API \(HTTP 200\): not JSON/);
    broken = false;
    // The broken answer was charged, so it is held like a provider error; it is never cached as
    // data: once the hold is over, the formula typed again recovers.
    world.clock.advance(10 * 60_000);
    expect(enterFormula(world, 'C1', '=COMPANY_WEBSITE(A1)').error).toBeNull();
  });

  it('shows a provider error inside a 200 as an error and does not cache it as data', () => {
    const world = createWorld();
    typeValues(world, 'A1', [['provider-error Corp']]);
    const shown = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1)');
    expect(shown.error?.message).toMatch(/Provider error: Upstream provider timed out/);
    expect(world.emu.cell('Sheet1', 'B1').value).not.toMatch(/timed out/);
  });

  it('charges a provider error once per 10 minutes, however often Sheets re-runs the formula unasked', () => {
    const world = createWorld();
    typeValues(world, 'A1:A2', [['provider-error Corp'], ['Acme Corporation']]);
    enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A2)');
    expect(spent(world)).toBe(2);
    // A re-run of the whole range: the failing row is not re-bought.
    world.clock.advance(9 * 60_000);
    const again = rerunUnasked(world, 'B1');
    expect(String(again.values[0]![0])).toMatch(/Upstream provider timed out.*Kept 10 minutes/);
    expect(String(again.values[1]![0])).toMatch(/\./);
    expect(spent(world)).toBe(2);
    world.clock.advance(60_000);
    rerunUnasked(world, 'B1');
    expect(spent(world)).toBe(3);
  });

  it('shows processing for a job that does not finish, then says after 30 minutes that it takes unusually long, never posting it again on re-runs unasked', () => {
    const world = createWorld({ api: { jobDelayMs: { profile: 10 * 3600_000 } } });
    typeValues(world, 'A1', [['https://www.pronet.com/in/ada-lovelace']]);
    expect(enterFormula(world, 'B1', '=PRONET_PROFILE(A1, "full_name")').values[0]![0]).toMatch(
      /^Processing/,
    );
    for (let i = 1; i <= 5; i++) {
      world.clock.advance(10 * 60_000);
      const shown = rerunUnasked(world, 'B1');
      if (i < 3) expect(shown.values[0]![0]).toMatch(/^Processing/);
      else expect(shown.error?.message).toMatch(/^Error: Taking unusually long: /);
    }
    expect(postsSent(world)).toBe(1);
    expect(spent(world)).toBe(0);
  });

  it('stops at a 402 in the middle of a range with one clear reason, keeping what was paid for', () => {
    const world = createWorld({ credits: 5 });
    saveSettings(world, { formulaDailyCap: 1000 });
    typeValues(world, 'A1:A8', companies(8));
    const shown = enterFormula(world, 'B1', '=COMPANY_WEBSITE(A1:A8)');
    const texts = shown.values.map((row) => String(row[0]));
    expect(texts.filter((t) => !t.startsWith('Error:'))).toHaveLength(5);
    expect(new Set(texts.filter((t) => t.startsWith('Error:')))).toEqual(
      new Set(['Error: Not enough credits (HTTP 402). Top up the account, then run again.']),
    );
    world.api.addCredits(world.key, 10);
    const after = enterFormula(world, 'C1', '=COMPANY_WEBSITE(A1:A8)');
    expect(after.values.slice(0, 5)).toEqual(shown.values.slice(0, 5));
    expect(spent(world)).toBe(8);
  });
});
