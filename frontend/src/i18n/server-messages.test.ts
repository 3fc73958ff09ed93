import { MESSAGES, MESSAGE_TEMPLATES, fillTemplate, type TemplateName } from '../../../backend/src/common/http/messages';
import { i18n } from './index';
import { serverMessage } from './server-messages';

const sample: Record<string, string | number> = { n: 20, value: 'fr', seconds: 600, detail: 'Unexpected token' };

function translations(message: string) {
  const found = serverMessage(message);
  expect(found, `no key for the server message “${message}”`).toBeDefined();
  const { key, options } = found!;
  return (['en', 'ja'] as const).map((lng) => {
    expect(i18n.exists(key, { ...options, lng }), `${key} missing in ${lng} (for “${message}”)`).toBe(true);
    return String(i18n.t(key, { ...options, lng }));
  });
}

describe('server messages', () => {
  it('every message the backend can send has a translation in both languages', () => {
    for (const message of Object.values(MESSAGES)) {
      const [en, ja] = translations(message);
      expect(en.trim()).not.toBe('');
      expect(ja).not.toBe(en);
    }
  });

  it('every message with a value is translated with the value in it', () => {
    for (const name of Object.keys(MESSAGE_TEMPLATES) as TemplateName[]) translations(fillTemplate(name, sample));
    const [en, ja] = translations(fillTemplate('maxLength', { n: 20 }));
    expect(en).toBe('Please use at most 20 characters.');
    expect(ja).toBe('20文字以内で入力してください。');
  });

  it('the rate limit reads in minutes, not the raw server text', () => {
    const [en, ja] = translations('Request was throttled. Expected available in 600 seconds.');
    expect(en).toBe('Too many attempts. Please try again in 10 minutes.');
    expect(ja).toBe('試行回数が多すぎます。10分後にもう一度お試しください。');
    expect(translations('Request was throttled. Expected available in 30 seconds.')[0]).toBe('Too many attempts. Please try again in 1 minute.');
  });

  it('spec keys win where the spec names the message', () => {
    expect(serverMessage('E-mail is not verified.')?.key).toBe('Login2');
    expect(serverMessage('Unsupported file type. Upload a JPEG, CSV, Excel or Word file.')?.key).toBe('serverMessages.unsupportedFile');
    expect(serverMessage('something the server never says')).toBeUndefined();
  });
});
