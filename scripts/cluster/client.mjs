// Helpers of the cluster's scripts (test.mjs, bench.mjs): calls through nginx as a client makes
// them, accounts made through the API and the mailed verification link, data files of their own.
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';

const PASSWORD = 'cluster-test-pass-2026';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function clusterClient(cluster) {
  const base = cluster.url;
  /** A call through nginx; `retry` resends on 502/503/504 and network errors, as a browser's user or Stripe would. */
  async function call(method, url, { token, json, form, retry = false, headers = {} } = {}) {
    for (let attempt = 0; ; attempt++) {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: { ...(token ? { Authorization: `Token ${token}` } : {}), ...(json ? { 'Content-Type': 'application/json' } : {}), ...headers },
        body: json ? JSON.stringify(json) : form,
      }).catch((err) => ({ status: 0, err }));
      if (retry && (res.status === 0 || res.status >= 502) && attempt < 20) {
        await sleep(300);
        continue;
      }
      return res;
    }
  }

  function mailTo(address) {
    for (const file of fs.readdirSync(cluster.mailDir).sort().reverse()) {
      const raw = fs
        .readFileSync(path.join(cluster.mailDir, file), 'latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (raw.includes(address)) return raw;
    }
    return undefined;
  }

  /** An account with a profile, made through the API and the mailed verification link. */
  async function user(label) {
    const email = `${label}-${crypto.randomBytes(4).toString('hex')}@example.com`;
    const reg = await call('POST', '/api/user/register/', {
      json: { email, password1: PASSWORD, password2: PASSWORD, agreed: true, language: 'ja' },
      retry: true,
    });
    if (reg.status !== 201) throw new Error(`register ${reg.status}`);
    let link;
    for (let i = 0; i < 100 && !link; i++) {
      link = /\/verify\/(\d+)\/([A-Za-z0-9_-]+)/.exec(mailTo(email) ?? '');
      if (!link) await sleep(100);
    }
    if (!link) throw new Error(`no verification mail for ${email}`);
    await call('POST', '/api/user/verify/', { json: { id: Number(link[1]), key: link[2] }, retry: true });
    const token = (await (await call('POST', '/api/user/login/', { json: { email, password: PASSWORD }, retry: true })).json()).token;
    const form = new FormData();
    for (const [k, v] of Object.entries({ nickName: label, birth: '1990-01-01', sex: '0' })) form.append(k, v);
    const profile = await call('POST', '/api/user/profile/', { token, form, retry: true });
    const userId = (await profile.json()).userProfile;
    return { email, token, userId };
  }

  /** A CSV no other upload has (random figures): each upload makes a Book of its own. */
  function uniqueCsv() {
    const rows = ['Hokkaido', 'Tokyo', 'Osaka', 'Fukuoka'].flatMap((p) =>
      Array.from({ length: 12 }, (_, m) => `${p},${m + 1},${(50 + Math.random() * 250).toFixed(2)}`),
    );
    return `prefecture,month,rainfall_mm\n${rows.join('\n')}\n`;
  }

  return { call, user, uniqueCsv, mailTo };
}
