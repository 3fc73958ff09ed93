import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { columnProfile } from './column-profile';
import { extractContent } from './extract';
import { detectDataFile } from './file-types';
import { LlmBookGenerator, parseDraftAnswer } from './llm-generator';
import { unknownNumbers } from './number-check';
import { LocalBookGenerator } from './local-generator';
import { sample } from './testing/fixtures';
import { type ExtractedContent, type GenerationContext } from './types';

type Handler = (body: Record<string, unknown>, req: IncomingMessage, res: ServerResponse) => void;

/** A stand-in OpenAI-compatible endpoint on 127.0.0.1 whose behaviour each test scripts. */
class StandIn {
  private server: Server | undefined;
  readonly requests: Array<{ url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }> = [];
  handlers: Handler[] = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as Record<string, unknown>;
        this.requests.push({ url: req.url ?? '', headers: req.headers, body });
        if (req.url !== '/v1/chat/completions' || req.method !== 'POST') {
          res.writeHead(404).end();
          return;
        }
        const handler = this.handlers[Math.min(this.requests.length - 1, this.handlers.length - 1)];
        handler(body, req, res);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/v1`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

const completion = (content: string) => ({
  id: 'x',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});
const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const GOOD = {
  title: '都道府県別の健康保険料率',
  summary: '47都道府県の保険料率をまとめた表です。',
  goodpoint: '地域差を比べられます。',
  badpoint: '年次推移はありません。',
  point1: '最高は佐賀県の10.51%',
  point2: '最低は新潟県の9.33%',
  point3: '平均は9.96%',
  point4: '地域は8区分',
  point5: '加入者数が最も多いのは東京都',
  answer: '保険料率には約1.2ポイントの地域差があります。',
  tags: ['健康', '医療', 'でっちあげ'],
};

const TAGS = ['健康', '医療', '気象', 'スポーツ'];
const ctx: GenerationContext = { language: 'ja', tagCandidates: TAGS };

describe('LlmBookGenerator', () => {
  let standIn: StandIn;
  let baseUrl: string;
  let content: ExtractedContent;
  const local = new LocalBookGenerator();
  const make = (options: { timeoutMs?: number; maxRetries?: number; apiKey?: string } = {}) =>
    new LlmBookGenerator({ baseUrl, model: 'stand-in-model', retryDelayMs: 10, timeoutMs: 2000, ...options }, local);

  beforeAll(async () => {
    const buf = sample('prefecture-health-insurance.csv');
    content = await extractContent(async () => Readable.from([buf]), detectDataFile(buf, 'p.csv')!, {
      fileName: 'prefecture-health-insurance.csv',
      sizeBytes: buf.length,
    });
  });

  beforeEach(async () => {
    standIn = new StandIn();
    baseUrl = await standIn.start();
  });

  afterEach(() => standIn.stop());

  it('sends the content summary and uses a valid answer (tags filtered to the candidates)', async () => {
    standIn.handlers = [(_body, _req, res) => json(res, 200, completion(JSON.stringify(GOOD)))];
    const draft = await make({ apiKey: 'sk-test' }).generate(content, ctx);
    expect(draft).toEqual({ ...GOOD, tags: ['健康', '医療'], language: 'ja' });
    expect(standIn.requests).toHaveLength(1);
    const { body, headers } = standIn.requests[0];
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body).toMatchObject({ model: 'stand-in-model', response_format: { type: 'json_object' } });
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages[0].role).toBe('system');
    expect(messages[0].content).toContain('Japanese');
    const sent = JSON.parse(messages[1].content);
    expect(sent.sheets[0].columns[1]).toMatchObject({ name: '保険料率(%)', min: 9.33, max: 10.51 });
    expect(sent.sheets[0].columns[1].trend).toBeUndefined();
    expect(sent.tagCandidates).toEqual(TAGS);
    expect(messages[1].content).not.toContain('cover');
  });

  describe('both languages in one answer', () => {
    const EN = {
      ...GOOD,
      title: 'Health insurance rates by prefecture',
      summary: 'A table of the rates of 47 prefectures.',
      goodpoint: 'Regional gaps are easy to compare.',
      badpoint: 'No change over time.',
      point1: 'Highest: Saga, 10.51%',
      point2: 'Lowest: Niigata, 9.33%',
      point3: 'Mean 9.96%',
      point4: 'Eight regions',
      point5: 'Tokyo has the most members',
      answer: 'The rates differ by about 1.2 points.',
      tags: ['health', 'made-up'],
    };
    const both = { title: 'Rates', description: '', tagCandidates: { ja: TAGS, en: ['health', 'weather'] } };

    it('asks once for {"ja", "en"} and keeps both, each with its own tags', async () => {
      standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ja: GOOD, en: EN })))];
      const drafts = await make().generateBoth(content, both);
      expect(standIn.requests).toHaveLength(1);
      const messages = standIn.requests[0].body.messages as Array<{ content: string }>;
      expect(messages[0].content).toContain('{"ja": {...}, "en": {...}, "columns": {...}}');
      expect(JSON.parse(messages[1].content).tagCandidates).toEqual({ ja: TAGS, en: ['health', 'weather'] });
      expect(drafts.ja).toEqual({ ...GOOD, tags: ['健康', '医療'], language: 'ja' });
      expect(drafts.en).toMatchObject({ title: 'Health insurance rates by prefecture', tags: ['health'], language: 'en' });
    });

    it('keeps valid column labels from the same answer and leaves the rest to the glossary', async () => {
      const columns = {
        '保険料率(%)': { ja: '健康保険の料率（%）', en: 'Health insurance rate (%)' },
        // A number that is not in the name, an over-long label, a column the table does not have: dropped.
        都道府県: { en: 'One of 48 prefectures' },
        地域: { en: 'x'.repeat(80) },
        nope: { ja: 'なし', en: 'None' },
      };
      standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ja: GOOD, en: EN, columns })))];
      const drafts = await make().generateBoth(content, both);
      expect(JSON.parse((standIn.requests[0].body.messages as Array<{ content: string }>)[1].content).mainSheet).toBe(content.sheets![0].name);
      expect(drafts.columnLabels).toEqual({ '保険料率(%)': { ja: '健康保険の料率（%）', en: 'Health insurance rate (%)' } });
      const labels = Object.fromEntries(columnProfile(content, drafts.columnLabels)!.columns.map((c) => [c.name, c.label]));
      expect(labels['保険料率(%)']).toEqual({ ja: '健康保険の料率（%）', en: 'Health insurance rate (%)' });
      // The glossary's label where the model's was dropped.
      expect(labels['都道府県']).toEqual({ en: 'Prefecture' });
      expect(labels['地域']).toEqual({ en: 'Region' });
    });

    it('labels the columns from the glossary when the answer has none', async () => {
      standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ja: GOOD, en: EN })))];
      const drafts = await make().generateBoth(content, both);
      expect(drafts.columnLabels).toBeUndefined();
      expect(columnProfile(content, drafts.columnLabels)!.columns.find((c) => c.name === '保険料率(%)')!.label).toEqual({ en: 'Insurance rate (%)' });
    });

    it('retries only the language whose part was invalid, then falls back to the local generator for it', async () => {
      standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ja: GOOD, en: { ...EN, summary: 42 } })))];
      const drafts = await make({ maxRetries: 1 }).generateBoth(content, both);
      expect(standIn.requests).toHaveLength(2);
      expect(drafts.ja.title).toBe(GOOD.title);
      // English from the built-in generator.
      expect(drafts.en.language).toBe('en');
      expect(drafts.en.summary).toMatch(/^This table covers/);
    });

    it('writes both languages locally when the endpoint fails', async () => {
      standIn.handlers = [(_b, _q, res) => json(res, 503, { error: 'busy' })];
      const drafts = await make({ maxRetries: 0 }).generateBoth(content, both);
      expect(drafts.ja.summary).toContain('都道府県');
      expect(drafts.en.summary).toMatch(/^This table covers/);
    });
  });

  it('sends the table profile (roles, headline, extremes) instead of raw rows', async () => {
    standIn.handlers = [(_body, _req, res) => json(res, 200, completion(JSON.stringify(GOOD)))];
    await make().generate(content, ctx);
    const sent = JSON.parse((standIn.requests[0].body.messages as Array<{ content: string }>)[1].content);
    expect(sent.sheets[0].sampleRows).toBeUndefined();
    expect(sent.sheets[0].profile.headline).toMatchObject({ column: '保険料率(%)', unit: '%' });
    expect(sent.sheets[0].profile.top[0]).toEqual({ label: '佐賀県', value: 10.51 });
    expect(sent.sheets[0].profile.bottom[0]).toEqual({ label: '新潟県', value: 9.33 });
    expect(sent.sheets[0].columns[0]).toMatchObject({ name: '都道府県', role: 'entity' });
    expect(sent.sheets[0].columns[0].mean).toBeUndefined();
  });

  it('rejects an answer that cites a number not in the data, then uses a faithful one', async () => {
    standIn.handlers = [
      (_b, _q, res) => json(res, 200, completion(JSON.stringify({ ...GOOD, point3: '平均は12.34%で、全国で最も高い' }))),
      (_b, _q, res) => json(res, 200, completion(JSON.stringify(GOOD))),
    ];
    const draft = await make().generate(content, ctx);
    expect(standIn.requests).toHaveLength(2);
    const retry = (standIn.requests[1].body.messages as Array<{ role: string; content: string }>).at(-1)!;
    expect(retry.content).toContain('12.34');
    expect(draft.point3).toBe('平均は9.96%');
  });

  it('falls back to the local Book when the model keeps inventing numbers', async () => {
    standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ...GOOD, answer: '佐賀県は15.2%です。' })))];
    const draft = await make({ maxRetries: 1 }).generate(content, ctx);
    expect(standIn.requests).toHaveLength(2);
    expect(draft).toEqual(await local.generate(content, ctx));
  });

  it('retries after invalid JSON and then uses the valid answer', async () => {
    standIn.handlers = [
      (_b, _q, res) => json(res, 200, completion('Sure! Here is your Book: {title: oops')),
      (_b, _q, res) => json(res, 200, completion(JSON.stringify({ ...GOOD, point3: 42 }))),
      (_b, _q, res) => json(res, 200, completion('```json\n' + JSON.stringify(GOOD) + '\n```')),
    ];
    const errors: string[] = [];
    const generator = new LlmBookGenerator({ baseUrl, model: 'm', retryDelayMs: 5, onError: (m) => errors.push(m) }, local);
    const draft = await generator.generate(content, ctx);
    expect(draft.title).toBe(GOOD.title);
    expect(standIn.requests).toHaveLength(3);
    expect(errors[0]).toMatch(/not valid JSON/);
    expect(errors[1]).toMatch(/"point3" must be a string/);
    // The rejected answer and the reason go back to the model.
    const retry = standIn.requests[1].body.messages as Array<{ role: string; content: string }>;
    expect(retry.at(-1)!.content).toMatch(/rejected: the answer is not valid JSON/);
  });

  it('truncates over-long fields', async () => {
    standIn.handlers = [(_b, _q, res) => json(res, 200, completion(JSON.stringify({ ...GOOD, title: 'あ'.repeat(300), point1: 'x'.repeat(500) })))];
    const draft = await make().generate(content, ctx);
    expect([...draft.title]).toHaveLength(100);
    expect([...draft.point1]).toHaveLength(200);
  });

  it('falls back to the local generator when the endpoint keeps answering 500', async () => {
    standIn.handlers = [(_b, _q, res) => json(res, 500, { error: { message: 'overloaded' } })];
    const draft = await make({ maxRetries: 2 }).generate(content, ctx);
    expect(standIn.requests).toHaveLength(3);
    expect(draft).toEqual(await local.generate(content, ctx));
  });

  it('does not retry a rejected key or model (401/404) and falls back at once', async () => {
    standIn.handlers = [(_b, _q, res) => json(res, 401, { error: { message: 'bad key' } })];
    const draft = await make().generate(content, ctx);
    expect(standIn.requests).toHaveLength(1);
    expect(draft.title).toBe('都道府県別の保険料率');
  });

  it('falls back when the endpoint answers garbage that is not JSON at all', async () => {
    standIn.handlers = [(_b, _q, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>gateway</html>')];
    const draft = await make({ maxRetries: 1 }).generate(content, ctx);
    expect(standIn.requests).toHaveLength(2);
    expect(draft).toEqual(await local.generate(content, ctx));
  });

  it('gives up on an endpoint that hangs past the timeout and falls back', async () => {
    standIn.handlers = [() => undefined]; // never answers
    const started = Date.now();
    const draft = await make({ timeoutMs: 300, maxRetries: 1 }).generate(content, ctx);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(standIn.requests).toHaveLength(2);
    expect(draft).toEqual(await local.generate(content, ctx));
  });

  it('falls back when nothing listens at the address', async () => {
    await standIn.stop();
    const draft = await make({ maxRetries: 0 }).generate(content, ctx);
    expect(draft).toEqual(await local.generate(content, ctx));
  });
});

describe('unknownNumbers', () => {
  it('accepts numbers of the data as written, rounded or grouped, and flags the rest', () => {
    const known = [10.51, 1.18, 3706227, 47, 2021];
    expect(unknownNumbers(['佐賀県は10.51%、差は1.2ポイント', '3,706,227人、約3,700,000人', '４７都道府県', '2021年度', '5つ'], known)).toEqual([]);
    expect(unknownNumbers(['平均は9.96%', '3,900,000人', '2022年'], known)).toEqual(['9.96', '3,900,000', '2022']);
  });
});

describe('parseDraftAnswer', () => {
  it('rejects missing fields, wrong types and non-objects', () => {
    expect(parseDraftAnswer('[]', ctx)).toMatch(/not a JSON object/);
    const noSummary: Record<string, unknown> = { ...GOOD };
    delete noSummary.summary;
    expect(parseDraftAnswer(JSON.stringify(noSummary), ctx)).toMatch(/"summary" must be a string/);
    expect(parseDraftAnswer(JSON.stringify({ ...GOOD, tags: 'health' }), ctx)).toMatch(/"tags"/);
    expect(parseDraftAnswer(JSON.stringify({ ...GOOD, title: '' }), ctx)).toMatch(/"title" is empty/);
  });

  it('uses the uploader title when the model leaves it empty, and caps tags at five', () => {
    const many = ['a', 'b', 'c', 'd', 'e', 'f'];
    const draft = parseDraftAnswer(JSON.stringify({ ...GOOD, title: '', tags: ['A', ...many] }), { language: 'en', title: 'Mine', tagCandidates: many });
    expect(draft).toMatchObject({ title: 'Mine', tags: ['a', 'b', 'c', 'd', 'e'], language: 'en' });
  });
});
