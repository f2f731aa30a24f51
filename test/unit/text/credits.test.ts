// One rule for an amount of credits, in cells, messages and the sidebar alike.
import { creditsAmount, creditsText, roundCredits } from '../../../src/core/text/credits';

describe('an amount of credits', () => {
  it.each([
    [1, '1 credit'],
    [0.5, '0.5 credits'],
    [2, '2 credits'],
    [0, '0 credits'],
    [12.5, '12.5 credits'],
    [0.1 + 0.2, '0.3 credits'],
    [0.999, '1 credit'],
    [1.004, '1 credit'],
    [1.01, '1.01 credits'],
    [1000, '1,000 credits'],
    [1234567.5, '1,234,567.5 credits'],
    [-1500, '-1,500 credits'],
  ])('%p reads "%s"', (credits, text) => {
    expect(creditsText(credits)).toBe(text);
  });

  it('writes the number alone as the sentences around it need it', () => {
    expect(creditsAmount(0.25)).toBe('0.25');
    expect(creditsAmount(999)).toBe('999');
    expect(creditsAmount(2500.126)).toBe('2,500.13');
  });

  it('rounds a sum of charges to the cent', () => {
    expect(roundCredits(0.1 + 0.2)).toBe(0.3);
    expect(roundCredits(3 * 0.5)).toBe(1.5);
    expect(roundCredits(10.006)).toBe(10.01);
  });
});
