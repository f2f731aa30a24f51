// The addresses a publisher gives the add-on and its Marketplace listing: support, privacy policy,
// terms of service, and an optional help page. Build settings (environment variables), because
// they belong to whoever publishes, not to the code. The offline defaults sit under `.example`,
// a reserved name that can never reach anyone: `npm run release` refuses them.

export const PLACEHOLDER_HOST = 'enrich-for-sheets.example';

const DEFAULTS = {
  support: `support@${PLACEHOLDER_HOST}`,
  privacy: `https://${PLACEHOLDER_HOST}/privacy`,
  terms: `https://${PLACEHOLDER_HOST}/terms`,
};

function httpsUrl(name, value) {
  const url = new URL(value);
  if (url.protocol !== 'https:') throw new Error(`${name} must use https:// (got ${value})`);
  return url.href;
}

function email(name, value) {
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(value))
    throw new Error(`${name} must be an email address (got ${value})`);
  return value;
}

/** The links from the environment, checked; defaults where a setting is absent. */
export function linkSettings(env = process.env) {
  const read = (name) => (env[name] ?? '').trim();
  const help = read('ENRICH_HELP_URL');
  return {
    support: email('ENRICH_SUPPORT_EMAIL', read('ENRICH_SUPPORT_EMAIL') || DEFAULTS.support),
    privacy: httpsUrl('ENRICH_PRIVACY_URL', read('ENRICH_PRIVACY_URL') || DEFAULTS.privacy),
    terms: httpsUrl('ENRICH_TERMS_URL', read('ENRICH_TERMS_URL') || DEFAULTS.terms),
    help: help === '' ? null : httpsUrl('ENRICH_HELP_URL', help),
  };
}

/** The settings still holding an offline placeholder: a release must name real ones. */
export function placeholderLinks(links) {
  return Object.entries(links)
    .filter(([, value]) => typeof value === 'string' && value.includes(PLACEHOLDER_HOST))
    .map(([name]) => `ENRICH_${name === 'support' ? 'SUPPORT_EMAIL' : `${name.toUpperCase()}_URL`}`);
}
