// Output columns belong to one input: a layout reuses a column found by its header only when no
// other input's run or watch claims it, and names the conflict otherwise.
import { ownLayout } from '../../../src/core/bulk/layout';
import { type ColumnClaim, claimsOf, conflictTexts, recipeFamily } from '../../../src/core/bulk/owners';
import { operationByType } from '../../../src/core/operations/table';
import type { BulkRunConfig } from '../../../src/shared/bulk-rpc';

const WEBSITE = operationByType('company_name_to_website')!;
const STATUS = 'Status (Website from company name)';

const website = (input: number, sheetName = 'Leads'): BulkRunConfig => ({
  sheetName,
  headerRow: 1,
  type: 'company_name_to_website',
  columns: { input },
  output: { mode: 'primary' },
});

/** A watch on column A made B and C. */
const watchOnA: ColumnClaim[] = claimsOf(
  website(1),
  {
    outputs: [{ header: 'Website', column: 2, created: true }],
    status: { header: STATUS, column: 3, created: true },
  },
  null,
  'watch',
);

describe('a layout among claimed columns', () => {
  it('reuses the columns of the same input and lookup', () => {
    const { layout, conflicts } = ownLayout(WEBSITE, website(1), ['Company', 'Website', STATUS], {
      claims: watchOnA,
      family: null,
    });
    expect(layout).toEqual({
      outputs: [{ header: 'Website', column: 2, created: false }],
      status: { header: STATUS, column: 3, created: false },
    });
    expect(conflicts).toEqual([]);
  });

  it("makes columns named for its input beside another input's, and says so", () => {
    const headers = ['Employer', 'Website', STATUS, 'Company'];
    const { layout, conflicts } = ownLayout(WEBSITE, website(4), headers, { claims: watchOnA, family: null });
    expect(layout).toEqual({
      outputs: [{ header: 'Website (Company)', column: 5, created: true }],
      status: { header: 'Status (Website from company name, Company)', column: 6, created: true },
    });
    expect(conflictTexts(conflicts, headers)).toEqual([
      'Columns B (Website) and C (Status (Website from company name)) hold the answers of a watch on column A (Employer): this run writes to new columns E (Website (Company)) and F (Status (Website from company name, Company)) instead.',
    ]);
  });

  it('numbers its columns when its own name is taken by yet another input, and names a headerless input by its letter', () => {
    const onD = claimsOf(
      website(4),
      {
        outputs: [{ header: 'Website (Company)', column: 5, created: true }],
        status: { header: 'Status (Website from company name, Company)', column: 6, created: true },
      },
      null,
      'run',
    );
    const headers = [
      'Company',
      'Website',
      STATUS,
      'Company',
      'Website (Company)',
      'Status (Website from company name, Company)',
      'Company',
    ];
    const { layout } = ownLayout(WEBSITE, website(7), headers, {
      claims: [...watchOnA, ...onD],
      family: null,
    });
    expect(layout.outputs).toEqual([{ header: 'Website (Company 2)', column: 8, created: true }]);
    expect(layout.status).toEqual({
      header: 'Status (Website from company name, Company 2)',
      column: 9,
      created: true,
    });

    const unnamed = ownLayout(WEBSITE, website(4), ['Employer', 'Website', STATUS, ''], {
      claims: watchOnA,
      family: null,
    });
    expect(unnamed.layout.outputs).toEqual([{ header: 'Website (column D)', column: 5, created: true }]);
  });

  it("ignores a claim whose column moved (its header is another now) and another sheet's claims", () => {
    // A column inserted before A: the watch's claims name columns that hold other headers now.
    const moved = ownLayout(WEBSITE, website(4), ['', 'Employer', 'Website', STATUS], {
      claims: watchOnA,
      family: null,
    });
    expect(moved.conflicts).toEqual([]);
    expect(moved.layout.outputs).toEqual([{ header: 'Website', column: 3, created: false }]);
    const elsewhere = ownLayout(WEBSITE, website(4, 'Other'), ['Employer', 'Website', STATUS, 'Company'], {
      claims: watchOnA,
      family: null,
    });
    expect(elsewhere.layout.outputs).toEqual([{ header: 'Website', column: 2, created: false }]);
  });

  it("lets a recipe's steps share their family's columns, whatever their inputs", () => {
    const family = recipeFamily('email-from-name', { fullName: 1, company: 2 });
    const stepOne = claimsOf(
      { ...website(1), type: 'lead_full_name_to_email', columns: { input: 1, company: 2 } },
      {
        outputs: [{ header: 'Email', column: 3, created: true }],
        status: { header: 'Status (Email from name)', column: 4, created: true },
      },
      family,
      'run',
    );
    const profileEmail = operationByType('pronet_profile_to_email')!;
    const stepThree: BulkRunConfig = { ...website(5), type: profileEmail.type };
    const headers = ['Full name', 'Company', 'Email', 'Status (Email from name)', 'Pronet URL'];
    const own = ownLayout(profileEmail, stepThree, headers, { claims: stepOne, family });
    expect(own.layout.outputs).toEqual([{ header: 'Email', column: 3, created: false }]);
    // The same lookup outside the recipe: the recipe's email is another input's.
    const alone = ownLayout(profileEmail, stepThree, headers, { claims: stepOne, family: null });
    expect(alone.layout.outputs).toEqual([{ header: 'Email (Pronet URL)', column: 6, created: true }]);
  });
});
