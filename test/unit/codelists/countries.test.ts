/** countryCode: spec 2.2 buyer.country "Name or ISO 3166-1 alpha-2 code" (also 2.4 delivery.country, ISO alpha-2). */
import { describe, expect, it } from 'vitest';
import { countryCode } from '../../../src/codelists/countries.js';

describe('countryCode (spec 2.2 country: name or ISO 3166-1 alpha-2 code)', () => {
  const rows: Array<{ spec: string; text: string | undefined; code: string | undefined }> = [
    { spec: '2.2: ISO code upper case AE', text: 'AE', code: 'AE' },
    { spec: '2.2: ISO code lower case ae', text: 'ae', code: 'AE' },
    { spec: '2.2: ISO code mixed case De', text: 'De', code: 'DE' },
    { spec: '2.2: ISO code lower case ee', text: 'ee', code: 'EE' },
    { spec: '2.2: ISO code US', text: 'US', code: 'US' },
    { spec: '2.2: English name "United Arab Emirates"', text: 'United Arab Emirates', code: 'AE' },
    { spec: '2.2: English name any case "united arab emirates"', text: 'united arab emirates', code: 'AE' },
    { spec: '2.2: English name "Germany"', text: 'Germany', code: 'DE' },
    { spec: '2.2: English name "GERMANY"', text: 'GERMANY', code: 'DE' },
    { spec: '2.2: English name "Estonia"', text: 'Estonia', code: 'EE' },
    { spec: '2.2: English name "Brazil"', text: 'Brazil', code: 'BR' },
    { spec: '2.2: English name "United States"', text: 'United States', code: 'US' },
    { spec: '2.2: English name "United Kingdom"', text: 'United Kingdom', code: 'GB' },
    { spec: '2.2: English name "Bosnia and Herzegovina"', text: 'Bosnia and Herzegovina', code: 'BA' },
    { spec: '2.2: English name "Myanmar"', text: 'Myanmar', code: 'MM' },
    { spec: '2.2: English name "Saint Lucia"', text: 'Saint Lucia', code: 'LC' },
    { spec: '2.2: ISO 3166-1 English short name "Korea, Republic of" (PINT-AE ISO3166 code list)', text: 'Korea, Republic of', code: 'KR' },
    { spec: '2.2: ISO 3166-1 English short name "United States of America"', text: 'United States of America', code: 'US' },
    { spec: '2.2: alias "UAE"', text: 'UAE', code: 'AE' },
    { spec: '2.2: alias "uae"', text: 'uae', code: 'AE' },
    { spec: '2.2: alias "USA"', text: 'USA', code: 'US' },
    { spec: '2.2: alias "UK" (not an ISO code; United Kingdom is GB)', text: 'UK', code: 'GB' },
    { spec: '2.2: unknown name → undefined', text: 'Atlantis', code: undefined },
    { spec: '2.2: two letters that are no ISO code (XX) → undefined', text: 'XX', code: undefined },
    { spec: '2.2: three-letter ISO alpha-3 "DEU" is not alpha-2 → undefined', text: 'DEU', code: undefined },
    { spec: '2.2: empty text → undefined', text: '', code: undefined },
    { spec: '2.2: absent → undefined', text: undefined, code: undefined },
  ];
  it.each(rows)('$spec', ({ text, code }) => expect(countryCode(text)).toBe(code));
});
