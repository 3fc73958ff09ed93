import { render, screen, within } from '@testing-library/react';
import { i18n } from '@/i18n';
import type { BookColumnProfile } from '@/api/generated';
import { bookDataTexts } from '@/i18n/book-data';
import { ColumnProfile } from '../column-profile';
import HeadlineChart from '../headline-chart';

const weather: BookColumnProfile = {
  sheet: 'seattle-weather',
  rows: 1461,
  sampled: false,
  columns: [
    { name: 'date', type: 'date', role: 'time', missing: 0, distinct: 1000, distinctCapped: true, from: '2012-01-01', to: '2015-12-31' },
    { name: 'temp_max', type: 'number', role: 'measure', missing: 0.012, distinct: 67, min: -1.6, max: 35.6, mean: 16.44, bins: [3, 10, 40, 120, 200, 260, 240, 210, 170, 120, 60, 28] },
    { name: 'weather', type: 'text', role: 'category', missing: 0, distinct: 5, top: [{ value: 'rain', count: 641 }, { value: 'sun', count: 640 }, { value: 'fog', count: 101 }] },
  ],
  chart: { kind: 'line', measure: 'precipitation', unit: 'mm', x: 'date', aggregate: 'mean', labels: ['2012', '2013', '2014', '2015'], values: [3.35, 2.27, 3.38, 3.12] },
};

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('Book data texts', () => {
  it('exist in both languages', () => {
    expect([...new Set(keys(bookDataTexts.ja))].sort()).toEqual([...new Set(keys(bookDataTexts.en))].sort());
  });
});

describe('ColumnProfile', () => {
  it("shows each column's type, empty share, range or frequent values and a labelled distribution strip", () => {
    render(<ColumnProfile profile={weather} />);
    expect(screen.getByRole('heading', { name: 'What is in the table' })).toBeInTheDocument();
    expect(screen.getByText(/1461 rows in “seattle-weather”/)).toBeInTheDocument();
    const row = (name: string) => within(screen.getByRole('rowheader', { name }).closest('tr')!);
    expect(row('date').getByText('Date')).toBeInTheDocument();
    expect(row('date').getByText('2012-01-01 to 2015-12-31')).toBeInTheDocument();
    expect(row('temp_max').getByText('1.2%')).toBeInTheDocument();
    expect(row('temp_max').getByText('-1.6 to 35.6')).toBeInTheDocument();
    expect(row('temp_max').getByRole('img', { name: 'Histogram of temp_max: rows in 12 equal ranges from -1.6 to 35.6' })).toBeInTheDocument();
    expect(row('weather').getByText(/rain \(641\), sun \(640\), fog \(101\) · 5 distinct values/)).toBeInTheDocument();
    expect(row('weather').getByRole('img', { name: 'Most frequent values of weather' })).toBeInTheDocument();
  });

  it("explains each column's name in the reader's language beside the name as written in the file", async () => {
    await i18n.changeLanguage('ja');
    const labelled: BookColumnProfile = { ...weather, columns: weather.columns.map((c) => (c.name === 'temp_max' ? { ...c, label: '最高気温' } : c)) };
    render(<ColumnProfile profile={labelled} />);
    const header = screen.getByRole('rowheader', { name: /^temp_max/ });
    expect(within(header).getByText('最高気温')).toBeInTheDocument();
    expect(header).toHaveTextContent('temp_max');
    // No label, nothing added: the name alone.
    expect(screen.getByRole('rowheader', { name: 'weather' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });

  it('reads in Japanese', async () => {
    await i18n.changeLanguage('ja');
    render(<ColumnProfile profile={weather} />);
    expect(screen.getByRole('heading', { name: '表の中身' })).toBeInTheDocument();
    expect(screen.getByText('-1.6〜35.6')).toBeInTheDocument();
    expect(screen.getByText('数量')).toBeInTheDocument();
    expect(screen.getByText(/5種類の値/)).toBeInTheDocument();
  });
});

describe('HeadlineChart', () => {
  beforeAll(() => {
    // The chart measures its container.
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  });

  it('draws the headline over time with a caption that says what each point is, and labelled axes with the unit', () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    const { container } = render(
      <div style={{ width: 600 }}>
        <HeadlineChart chart={weather.chart!} />
      </div>,
    );
    expect(screen.getByText('Mean precipitation by date')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Mean precipitation by date' })).toBeInTheDocument();
    expect(container.textContent).toContain('precipitation (mm)');
  });

  it("names the columns by their labels in the reader's language", async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    await i18n.changeLanguage('ja');
    const { container } = render(
      <div style={{ width: 600 }}>
        <HeadlineChart chart={weather.chart!} labels={{ precipitation: '降水量', date: '日付' }} />
      </div>,
    );
    expect(screen.getByRole('img', { name: '日付ごとの降水量（平均）' })).toBeInTheDocument();
    expect(container.textContent).toContain('降水量（mm）');
    expect(container.textContent).not.toContain('precipitation');
    await i18n.changeLanguage('en');
  });

  it('draws bars by label in Japanese', async () => {
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
    await i18n.changeLanguage('ja');
    render(<HeadlineChart chart={{ kind: 'bars', measure: '総人口（人）', unit: '人', x: '地域', aggregate: 'sum', labels: ['東京都', '神奈川県'], values: [14047594, 9237337] }} />);
    expect(screen.getByText('地域別の総人口（人）（合計、上位2件）')).toBeInTheDocument();
  });
});
