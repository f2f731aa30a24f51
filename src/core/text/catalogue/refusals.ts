// The words of a formula's refusal (formulas/refusals.ts and its readers): what an input or an
// argument should be, and why this one is not, shown after "Invalid input: " instead of spending a
// credit. Written here, so that the matcher of our own words (marks.ts) knows each sentence: copied
// bare, without its prefix, one was bought (issue 40). Each template keeps a distinctive run of
// words between its values ("needs a company", "does not take a", "characters long;").
/** What each input kind must hold, as "PRONET_EMAIL needs ..." (formulas/refusals.ts checks every kind has one). */
export const INPUT_NEEDS = {
  person_name: "needs a person's full name",
  email: 'needs an email address such as ada@acme.com',
  person_url: 'needs a person profile URL (pronet.com/in/...)',
  company_name: 'needs a company name',
  company_domain: 'needs a company domain such as acme.com',
  company_url: 'needs a company page URL (pronet.com/company/...)',
  post_url: 'needs a post URL (pronet.com/posts/... or pronet.com/feed/update/...)',
  any_identifier: 'needs a company or person identifier',
  photonet_handle: 'needs a photonet handle (@name) or profile URL',
} as const;

/** What an input looks like, completing "This is ...". */
export const SEEN_WHAT = {
  person_url: 'a person profile URL',
  company_url: 'a company page URL',
  post_url: 'a post URL',
  email: 'an email address',
  handle: 'a photonet handle',
  web_url: 'a web address',
  text: 'text',
} as const;

/** What an unusable cell holds, completing "This is ...". */
export const UNUSABLE = {
  number: 'a number',
  notANumber: 'not a usable number',
  boolean: 'a TRUE/FALSE value',
  date: 'a date',
  range: 'a range of several cells',
  unsupported: 'a value of an unsupported kind',
  waiting: 'a lookup still waiting for its answer',
  ours: 'a message of this add-on, not a value to look up',
  errorValue: (value: string) => `an error value (${value}), which costs nothing: fix the cell it comes from`,
  loading: (text: string) => `"${text}" (the cell it comes from is still computing)`,
  notFound: (text: string) => `"${text}", the answer of a lookup that found nothing`,
  nothingToLookUp: (quoted: string) => `${quoted}, which has no letter or digit to look up and costs nothing`,
  invisible: (listed: string) =>
    `text that looks blank but holds only invisible characters (${listed}), which costs nothing: clear the cell`,
  andOthers: (listed: string) => `${listed} and others`,
} as const;

/** The arguments a name lookup takes besides the name, by name: "The job title is ...". */
export const ARGUMENT_LABELS = { company: 'company', location: 'location', jobTitle: 'job title' } as const;

/** The arguments a lookup may not take, as "does not take ...". */
export const NOT_TAKEN = {
  company: 'does not take a company',
  location: 'does not take a location',
  jobTitle: 'does not take a job title',
  department: 'does not take a department',
  seniority: 'does not take a seniority',
  max: 'does not take max (a number of employees)',
} as const;

export const REFUSALS = {
  tooManyColumns: (most: number, width: number) =>
    `This function takes at most ${most} columns; the range has ${width}.`,
  oneColumnEach: 'Give each argument a single column (or one range holding all of them).',
  sameRows: 'The ranges must have the same number of rows.',
  typeFirst: (generic: string, example: string) =>
    `${generic} needs an operation type first, e.g. ${example}.`,
  didYouMean: (near: string) => `Did you mean ${near}?`,
  typesListed: (generic: string, count: number, place: string, item: string, example: string) =>
    `${generic} takes one of the ${count} types listed under "${place}" in Extensions > Enrich for Sheets > ${item}, e.g. ${example}.`,
  // Its quotes are written here: with its words, they make `unknown type "…".` ours (marks.ts).
  unknownType: (typed: string, hint: string) => `Unknown type "${typed}". ${hint}`,
  thisIs: (what: string, needs: string) => `This is ${what}; ${needs}.`,
  argumentUnusable: (label: string, what: string) =>
    `The ${label} argument is ${what}; give text or leave it blank.`,
  argumentTooLong: (label: string, length: number, limit: number) =>
    `The ${label} is ${length} characters long; the limit is ${limit}.`,
  emailForDomain: (caller: string, domain: string) =>
    `This is an email address; ${caller} needs a company domain, such as its domain ${domain}.`,
  notPhotonetProfile: (needs: string) => `This web address is not a photonet profile; ${needs}.`,
  notAHandle: (quoted: string, caller: string, most: number) =>
    `${quoted} cannot be a photonet handle; ${caller} needs letters, digits, periods and underscores only (at most ${most}).`,
  forNames: (twin: string) => ` For names, use ${twin}.`,
  useInstead: (twin: string) => ` Use ${twin} instead.`,
  forWhat: (what: string, takers: string) => ` For ${what}, use ${takers}.`,
  foreignHost: (host: string, domain: string, needs: string) =>
    `This address is on ${host}, not ${domain}; ${needs}.`,
  got: (needs: string, quoted: string, suggestion: string) => `${needs}; got ${quoted}.${suggestion}`,
  notTaken: (caller: string, notTaken: string, doers: string) => `${caller} ${notTaken}; only ${doers} do.`,
  maxNotCount: (shown: string) => `max must be a whole number of at least 1, such as 50; got ${shown}.`,
  inputTooLong: (length: number, caller: string, most: number) =>
    `This input is ${length} characters long; ${caller} takes at most ${most}.`,
} as const;
