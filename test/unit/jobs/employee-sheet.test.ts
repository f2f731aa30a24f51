import type { EnrichmentRequest } from '../../../src/core/api/wire';
import {
  baseSheetName,
  buildEmployeeSheet,
  cleanSheetName,
  columnWidths,
  employeeRows,
  headerLabel,
  MAX_SHEET_NAME_CHARS,
  markedList,
  uniqueSheetName,
} from '../../../src/core/jobs/employee-sheet';
import { operationByType } from '../../../src/core/operations/table';
import { deliveryMessage } from '../../../src/core/text/catalogue/jobs';

const byName = operationByType('company_name_to_employees')!;
const byDomain = operationByType('company_domain_to_employees')!;
const byPage = operationByType('pronet_company_to_employees')!;

const request = (op = byName, input = 'Acme', extra: Partial<EnrichmentRequest> = {}): EnrichmentRequest => ({
  type: op.type,
  input_data: input,
  ...extra,
});

const ADA = {
  full_name: 'Ada Lovelace',
  first_name: 'Ada',
  job_title: 'Senior Account Executive',
  department: 'Sales',
  seniority: 'Senior',
  location: 'London',
  pronet_url: 'https://www.pronet.com/in/ada-lovelace-1a2b3c',
  email: '',
  yearsAtCompany: 4,
};

describe('the sheet name', () => {
  it('names the company and the filters that shaped the list', () => {
    expect(baseSheetName(byName, request(byName, 'Acme', { department: 'Sales', seniority: 'Senior' }))).toBe(
      'Employees - Acme (Sales, Senior)',
    );
    expect(baseSheetName(byName, request(byName, 'Acme', { employee_count: 50 }))).toBe('Employees - Acme');
    expect(baseSheetName(byDomain, request(byDomain, 'acme.com', { seniority: 'VP' }))).toBe(
      'Employees - acme.com (VP)',
    );
  });

  it('names a company found by its page after the page, not the URL', () => {
    const page = request(byPage, 'https://www.pronet.com/company/acme-corp/?trk=x', { department: 'Sales' });
    expect(baseSheetName(byPage, page)).toBe('Employees - Acme Corp (Sales)');
  });

  it("keeps within Sheets' rules: no []*?:/\\ and at most 100 characters, filters kept whole", () => {
    const name = baseSheetName(
      byName,
      request(byName, `A[c]m*e? Co: 1/2\\3 ${'x'.repeat(200)}`, { department: 'R&D' }),
    );
    expect(name).not.toMatch(/[[\]*?:/\\]/);
    expect(name.length).toBeLessThanOrEqual(MAX_SHEET_NAME_CHARS);
    expect(name.startsWith('Employees - A c m e Co 1 2 3 x')).toBe(true);
    expect(name.endsWith(' (R&D)')).toBe(true);
    expect(cleanSheetName('  a :: b  ')).toBe('a b');
  });

  it('is made unique, as Sheets compares names without regard to case, and still fits', () => {
    expect(uniqueSheetName('Employees - Acme', ['Sheet1'])).toBe('Employees - Acme');
    expect(uniqueSheetName('Employees - Acme', ['employees - ACME'])).toBe('Employees - Acme 2');
    expect(uniqueSheetName('Employees - Acme', ['Employees - Acme', 'Employees - Acme 2'])).toBe(
      'Employees - Acme 3',
    );
    const long = 'y'.repeat(100);
    const numbered = uniqueSheetName(long, [long]);
    expect(numbered).toBe(`${'y'.repeat(98)} 2`);
  });
});

describe('the rows', () => {
  it("start with a header of the operation's fields, then any other field some employee has", () => {
    const rows = employeeRows(byName, [
      ADA,
      { full_name: 'Grace Hopper', job_title: 'CXO', department: 'Sales' },
    ]);
    expect(rows[0]).toEqual([
      'Full name',
      'Job title',
      'Department',
      'Seniority',
      'Location',
      'Pronet URL',
      'First name',
      'Years at company',
    ]);
    expect(rows[1]).toEqual([
      'Ada Lovelace',
      'Senior Account Executive',
      'Sales',
      'Senior',
      'London',
      'https://www.pronet.com/in/ada-lovelace-1a2b3c',
      'Ada',
      4,
    ]);
    expect(rows[2]).toEqual(['Grace Hopper', 'CXO', 'Sales', '', '', '', '', '']);
  });

  it('hold values Sheets would evaluate or convert as literal text', () => {
    const hostile = {
      full_name: '=IMPORTXML("http://x","//a")',
      job_title: '+1 555 0100',
      department: '@SUM(A1)',
      seniority: '-2+3',
      location: '0612345678',
      pronet_url: 'TRUE',
    };
    const [, row] = employeeRows(byName, [hostile]);
    expect(row).toEqual([
      `'=IMPORTXML("http://x","//a")`,
      `'+1 555 0100`,
      `'@SUM(A1)`,
      `'-2+3`,
      `'0612345678`,
      `'TRUE`,
    ]);
  });

  it('guard the header too: field names come from the API', () => {
    const [header] = employeeRows(byName, [{ full_name: 'Ada', '=cmd|x': 'y' }]);
    expect(header).toContain(`'=cmd|x`);
  });

  it('read a list wrapped in an object, and give nothing for an empty one', () => {
    expect(employeeRows(byName, { total: 1, employees: [ADA] })).toHaveLength(2);
    expect(employeeRows(byName, [])).toEqual([]);
  });
});

describe('header labels', () => {
  it('read as words', () => {
    expect(headerLabel('full_name')).toBe('Full name');
    expect(headerLabel('yearsAtCompany')).toBe('Years at company');
    expect(headerLabel('pronet_url')).toBe('Pronet URL');
    expect(headerLabel('id')).toBe('ID');
  });
});

describe('column widths', () => {
  it('fit the longest value of a column, within bounds', () => {
    const widths = columnWidths([
      ['Name', 'Bio', 'N'],
      ['Ada Lovelace', 'z'.repeat(500), 4],
    ]);
    expect(widths[0]).toBe(12 * 7 + 16);
    expect(widths[1]).toBe(360);
    expect(widths[2]).toBe(60);
  });
});

describe('buildEmployeeSheet', () => {
  const input = {
    op: byName,
    request: request(byName, 'Acme', { department: 'Sales', employee_count: 50 }),
    result: [ADA, { ...ADA, full_name: 'Grace Hopper' }],
    name: 'Employees - Acme (Sales)',
    credits: 1,
    collectedAt: '2025-01-06 09:02 (Europe/London)',
  };

  it('says in the note what was asked, when, and what it cost, and nothing internal', () => {
    const sheet = buildEmployeeSheet(input)!;
    expect(sheet.note.split('\n')).toEqual([
      'Employees from company name: COMPANY_EMPLOYEES("Acme", department "Sales", max 50)',
      'Collected 2025-01-06 09:02 (Europe/London)',
      '2 employees, 1 credit (0.5 credit per employee)',
    ]);
    expect(sheet.marker).toBe(
      'Employees from company name: COMPANY_EMPLOYEES("Acme", department "Sales", max 50)',
    );
    expect(sheet).toMatchObject({ name: 'Employees - Acme (Sales)', employees: 2 });
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.columnWidths).toHaveLength(sheet.rows[0]!.length);
  });

  it('reads back the list a note names, from notes that named the job too', () => {
    const asked = request(byName, 'Acme "West", Inc.', { department: 'Sales', employee_count: 50 });
    const note = buildEmployeeSheet({ ...input, request: asked })!.note;
    for (const each of [note, `${note}\nJob: inline:r1:49e9ec607dceb76b:f7e3d72f1b08b049f34a425ca7b1b936`])
      expect(markedList(each)).toEqual({ op: byName, request: asked });
    expect(markedList('call Ada back')).toBeNull();
    expect(markedList('Full profile: PRONET_PROFILE("ada")')).toBeNull();
  });

  it('makes no sheet for an empty list', () => {
    expect(buildEmployeeSheet({ ...input, result: [] })).toBeNull();
    expect(buildEmployeeSheet({ ...input, result: null })).toBeNull();
  });
});

describe('deliveryMessage', () => {
  it("tells the formula's cell where the list went", () => {
    expect(deliveryMessage(42, 'Employees - Acme (Sales)')).toBe(
      "42 employees -> sheet 'Employees - Acme (Sales)'",
    );
    expect(deliveryMessage(1, 'Employees - Acme')).toBe("1 employee -> sheet 'Employees - Acme'");
  });
});
