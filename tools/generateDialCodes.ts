/**
 * Generates schemas/common/dial-codes.schema.json, the country calling codes offered beside
 * a mobile number (spec 02 §3.7: "about 140 to 150 options, default 91").
 *
 * The list is curated here rather than taken whole from libphonenumber-js (~245 regions):
 * sovereign countries of roughly 1.5 million people or more, plus India's neighbours and
 * the Gulf states (where many Indians live) and a few smaller states with large Indian
 * communities. (Cyprus, Estonia, Djibouti, Eswatini and Timor-Leste, at 1.1-1.4 million,
 * are left out to keep the list at the spec's size.)
 *
 * One option per calling code: countries sharing a code are merged into one title
 * (+1 "United States, Canada, ..."), the code's main country first. India comes first,
 * then the rest by name. Codes and the country-to-code mapping are checked against
 * libphonenumber-js; names come from Intl.DisplayNames.
 *
 *   npx tsx tools/generateDialCodes.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { getCountries, getCountryCallingCode, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import metadata from 'libphonenumber-js/metadata.min.json';

const OUTPUT = fileURLToPath(new URL('../schemas/common/dial-codes.schema.json', import.meta.url));
const DEFAULT_CODE = '91';

/** ISO 3166-1 alpha-2 codes by region, space-separated (one line of text per ~25 countries). */
const COUNTRIES: Record<string, readonly string[]> = {
  'South Asia (India and neighbours)': ['IN AF BD BT MV MM NP PK LK CN'],
  'Gulf states': ['AE BH KW OM QA SA'],
  'Rest of Asia': ['AM AZ KH GE ID IR IQ IL JP JO KZ KG LA LB MY MN KP PH SG KR SY TJ TH TR TM UZ VN YE'],
  Europe: [
    'AL AT BY BE BA BG HR CZ DK FI FR DE GR HU IE IT LV LT MD NL MK NO PL PT RO RU RS SK SI ES SE',
    'CH UA GB',
  ],
  Africa: [
    'DZ AO BJ BW BF BI CM CF TD CG CD CI EG GQ ER ET GA GM GH GN GW KE LS LR LY MG MW ML MR MA',
    'MZ NA NE NG RW SN SL SO ZA SS SD TZ TG TN UG ZM ZW',
  ],
  Americas: ['AR BO BR CA CL CO CR CU DO EC SV GT HT HN JM MX NI PA PY PE TT US UY VE'],
  Oceania: ['AU NZ PG'],
  'Smaller states with large Indian communities': ['MU FJ'],
};

/** Shorter or more familiar names than CLDR's where they differ. */
const NAME_OVERRIDES: Record<string, string> = {
  CD: 'DR Congo',
  CG: 'Congo',
  MM: 'Myanmar',
  CI: "Côte d'Ivoire",
};

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const mainCountryOrder = metadata.country_calling_codes as Record<string, string[]>;

function countryName(iso: string): string {
  const name = NAME_OVERRIDES[iso] ?? regionNames.of(iso);
  if (!name || name === iso) throw new Error(`No English name for ${iso}`);
  return name;
}

/** The calling code of a country, checked both ways against libphonenumber-js metadata. */
function verifiedCallingCode(iso: string, known: ReadonlySet<string>): string {
  if (!known.has(iso) || !isSupportedCountry(iso))
    throw new Error(`${iso} is not a libphonenumber-js country`);
  const code = getCountryCallingCode(iso as CountryCode);
  if (!/^[1-9]\d{0,2}$/.test(code)) throw new Error(`${iso} has a malformed calling code ${code}`);
  if (!mainCountryOrder[code]?.includes(iso)) throw new Error(`+${code} does not list ${iso}`);
  return code;
}

interface DialCodeOption {
  const: string;
  title: string;
}

function buildOptions(): DialCodeOption[] {
  const known = new Set<string>(getCountries());
  const all = Object.values(COUNTRIES).flatMap((lines) => lines.join(' ').split(/\s+/));
  const duplicates = all.filter((iso, index) => all.indexOf(iso) !== index);
  if (duplicates.length > 0) throw new Error(`Listed twice: ${duplicates.join(', ')}`);

  const byCode = new Map<string, string[]>();
  for (const iso of all) {
    const code = verifiedCallingCode(iso, known);
    byCode.set(code, [...(byCode.get(code) ?? []), iso]);
  }
  const options = [...byCode].map(([code, members]) => {
    const order = mainCountryOrder[code]!;
    const names = members.sort((a, b) => order.indexOf(a) - order.indexOf(b)).map(countryName);
    return { const: code, title: `+${code} ${names.join(', ')}`, sortName: names[0]! };
  });
  options.sort((a, b) =>
    a.const === DEFAULT_CODE ? -1 : b.const === DEFAULT_CODE ? 1 : a.sortName.localeCompare(b.sortName, 'en'),
  );
  return options.map(({ const: code, title }) => ({ const: code, title }));
}

/**
 * One code per line, so the file reads as a list and diffs line by line. An `enum` with its
 * labels in `x-enumNames` (read by widgets/uiOptions.ts), not a `oneOf` of consts: RJSF tries
 * every `oneOf` option against the value whenever it derives defaults, 149 checks a keystroke.
 */
function render(options: DialCodeOption[]): string {
  const list = (values: string[]) => values.map((value) => `        ${JSON.stringify(value)}`).join(',\n');
  return `{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "$id": "https://schemas.bimaflow.in/common/dial-codes.schema.json",
  "title": "Country calling codes",
  "description": "Generated by tools/generateDialCodes.ts from libphonenumber-js metadata; edit the country list there.",
  "$defs": {
    "dialCode": {
      "type": "string",
      "enum": [
${list(options.map((option) => option.const))}
      ],
      "x-enumNames": [
${list(options.map((option) => option.title))}
      ]
    }
  }
}
`;
}

const options = buildOptions();
writeFileSync(OUTPUT, render(options));
const merged = options.filter((option) => option.title.includes(','));
console.log(`Wrote ${options.length} dial codes (default +${DEFAULT_CODE}) to ${OUTPUT}`);
console.log(`Shared codes: ${merged.map((option) => option.title).join('; ')}`);
