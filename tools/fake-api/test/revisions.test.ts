// reviseData: answers as if the API's data had changed since, for tests that buy an answer again.
import { harness } from './helpers';

const WEBSITE = { type: 'company_name_to_website', input_data: 'Acme Corporation' };
const PHONE = { type: 'company_name_to_phone', input_data: 'Acme Corporation' };

describe('fake API: data revisions', () => {
  it("changes one operation's answers from the next call on, charged as before", () => {
    const { api, key, lookup } = harness();
    expect(lookup(WEBSITE).json.result).toBe('acme.com');
    const phone = lookup(PHONE).json.result;
    api.reviseData('company_name_to_website');
    expect(lookup(WEBSITE).json.result).toBe('acmerevised1.com');
    expect(lookup(PHONE).json.result).toEqual(phone);
    api.reviseData('company_name_to_website');
    expect(lookup(WEBSITE).json.result).toBe('acmerevised2.com');
    expect(api.spent(key)).toBe(5); // five calls at 1 credit, the spec's price for both
  });

  it("changes every operation's answers, jobs' included, when no type is named", () => {
    const { api, lookup } = harness({ load: 1 });
    const before = lookup(WEBSITE);
    expect(before.json.status).toBe('done');
    api.reviseData();
    expect(lookup(WEBSITE).json.result).toBe('acmerevised1.com');
  });
});
