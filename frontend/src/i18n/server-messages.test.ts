import { MESSAGES, MESSAGE_TEMPLATES, TEMPLATE_PARAMS, type TemplateName } from '../../../backend/src/common/http/messages';
import type { MessageCode } from '@/utils/api-error';
import { i18n } from './index';
import { serverMessage } from './server-messages';

/** A value of each kind a template parameter has (TEMPLATE_PARAMS). */
const sample = { integer: 20, number: 2.5, string: 'fr' } as const;

function translations(message: MessageCode) {
  const found = serverMessage(message);
  expect(found, `no key for the server code “${message.code}”`).toBeDefined();
  const { key, options } = found!;
  return (['en', 'ja'] as const).map((lng) => {
    expect(i18n.exists(key, { ...options, lng }), `${key} missing in ${lng} (for “${message.code}”)`).toBe(true);
    return String(i18n.t(key, { ...options, lng }));
  });
}

describe('server messages', () => {
  it('every code the backend can send has a translation in both languages', () => {
    for (const code of Object.keys(MESSAGES)) {
      const [en, ja] = translations({ code });
      expect(en.trim()).not.toBe('');
      expect(ja).not.toBe(en);
    }
  });

  it('every code with values is translated with its values in it', () => {
    for (const code of Object.keys(MESSAGE_TEMPLATES) as TemplateName[]) {
      const params = Object.fromEntries(Object.entries(TEMPLATE_PARAMS[code]).map(([name, kind]) => [name, sample[kind]]));
      // Every placeholder of both translations is filled from the answer's params.
      for (const text of translations({ code, params })) expect([code, text]).toEqual([code, expect.not.stringContaining('{{')]);
    }
    const [en, ja] = translations({ code: 'maxLength', params: { n: 20 } });
    expect(en).toBe('Please use at most 20 characters.');
    expect(ja).toBe('20文字以内で入力してください。');
  });

  it('the rate limit reads in minutes, not the raw seconds', () => {
    const [en, ja] = translations({ code: 'throttled', params: { seconds: 600 } });
    expect(en).toBe('Too many attempts. Please try again in 10 minutes.');
    expect(ja).toBe('試行回数が多すぎます。10分後にもう一度お試しください。');
    expect(translations({ code: 'throttled', params: { seconds: 30 } })[0]).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('spec keys win where the spec names the message', () => {
    expect(serverMessage({ code: 'emailNotVerified' })?.key).toBe('Login2');
    expect(serverMessage({ code: 'unsupportedFile' })?.key).toBe('serverMessages.unsupportedFile');
  });

  it('an answer without a known code has no translation (the screen shows the generic error)', () => {
    expect(serverMessage({})).toBeUndefined();
    expect(serverMessage({ code: 'somethingNewer' })).toBeUndefined();
    expect(serverMessage({ code: 'toString' })).toBeUndefined();
  });
});
