import { describe, expect, it } from 'vitest';
import { chooseFormat, chooseLang } from '../../../src/serve/formats.js';

// RFC 9110 12.4.2 and 12.5.1/12.5.4: a client's preferences are its q weights; order only breaks ties; q=0 refuses.
describe('serve: Accept and Accept-Language weighed as RFC 9110 says', () => {
  it('chooses the language with the highest weight, not the first listed', () => {
    expect(chooseLang(null, 'en;q=0.5, ar')).toEqual({ ok: true, lang: 'ar' });
    expect(chooseLang(null, 'en-GB;q=0.4, ar-AE;q=0.9')).toEqual({ ok: true, lang: 'ar' });
    expect(chooseLang(null, 'ar;q=0.3, fr, en;q=0.8')).toEqual({ ok: true, lang: 'en' });
  });
  it('keeps the client order between equal weights, and the first supported language', () => {
    expect(chooseLang(null, 'ar, en')).toEqual({ ok: true, lang: 'ar' });
    expect(chooseLang(null, 'fr-FR, ar-AE;q=0.7, en;q=0.7')).toEqual({ ok: true, lang: 'ar' });
  });
  it('never chooses a refused language (q=0), and reads * as any', () => {
    expect(chooseLang(null, 'ar;q=0, *')).toEqual({ ok: true, lang: 'en' });
    expect(chooseLang(null, 'en;q=0, *;q=0.5')).toEqual({ ok: true, lang: 'ar' });
    expect(chooseLang(null, 'ar;q=0')).toEqual({ ok: true, lang: 'en' });
  });
  it('counts a malformed weight as absent, and falls back to English', () => {
    expect(chooseLang(null, 'en;q=zero, ar;q=0.9')).toEqual({ ok: true, lang: 'en' });
    expect(chooseLang(null, 'fr, de')).toEqual({ ok: true, lang: 'en' });
    expect(chooseLang(null, undefined)).toEqual({ ok: true, lang: 'en' });
    expect(chooseLang('ar', 'en')).toEqual({ ok: true, lang: 'ar' });
    expect(chooseLang('xx', 'ar')).toEqual({ ok: false, lang: 'xx' });
  });
  it('chooses the report format with the highest weight', () => {
    expect(chooseFormat(null, 'application/json;q=0.2, text/html')).toEqual({ ok: true, format: 'html' });
    expect(chooseFormat(null, 'text/plain;q=0.5, application/sarif+json;q=0.9')).toEqual({ ok: true, format: 'sarif' });
    expect(chooseFormat(null, 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toEqual({ ok: true, format: 'html' });
  });
  it('answers a wildcard with a format not refused', () => {
    expect(chooseFormat(null, '*/*')).toEqual({ ok: true, format: 'json' });
    expect(chooseFormat(null, 'application/json;q=0, */*')).toEqual({ ok: true, format: 'sarif' });
    expect(chooseFormat(null, 'text/*')).toEqual({ ok: true, format: 'stylish' });
    expect(chooseFormat(null, 'image/png, application/*;q=0.1')).toEqual({ ok: true, format: 'json' });
  });
  it('refuses what it cannot answer, and lets ?format= win', () => {
    expect(chooseFormat(null, 'image/png')).toEqual({ ok: false, accept: 'image/png' });
    expect(chooseFormat(null, 'text/html;q=0')).toEqual({ ok: false, accept: 'text/html;q=0' });
    expect(chooseFormat('junit', 'text/html')).toEqual({ ok: true, format: 'junit' });
    expect(chooseFormat(null, '')).toEqual({ ok: true, format: 'json' });
  });
});
